package io.github.lazymcp.search;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.search.SearchDocument.Parameter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SearchDocumentTests {

	@Test
	void copiesIdentityAndDescriptionFromArguments() {
		SearchDocument document = SearchDocument.of("fs__read_file", "fs", "read_file", "Read a file", "{}");
		assertThat(document.name()).isEqualTo("fs__read_file");
		assertThat(document.server()).isEqualTo("fs");
		assertThat(document.toolName()).isEqualTo("read_file");
		assertThat(document.description()).isEqualTo("Read a file");
	}

	@Test
	void flattensTopLevelPropertiesInSchemaOrder() {
		String schema = """
				{"type": "object", "properties": {
				  "path": {"type": "string", "description": "File to read"},
				  "encoding": {"type": "string", "description": "Character set"}}}
				""";
		assertThat(parameters(schema)).containsExactly(new Parameter("path", "File to read"),
				new Parameter("encoding", "Character set"));
	}

	@Test
	void includesPropertiesOfNestedObjectsOneLevelDeep() {
		String schema = """
				{"properties": {"options": {"type": "object", "description": "Options", "properties": {
				  "recursive": {"type": "boolean", "description": "Descend into folders",
				    "properties": {"tooDeep": {"description": "ignored"}}}}}}}
				""";
		assertThat(parameters(schema)).containsExactly(new Parameter("options", "Options"),
				new Parameter("options.recursive", "Descend into folders"));
	}

	@Test
	void includesPropertiesOfArrayItemsOneLevelDeep() {
		String schema = """
				{"properties": {"edits": {"type": "array", "items": {"type": "object", "properties": {
				  "oldText": {"description": "Text to replace"},
				  "newText": {"description": "Replacement"}}}}}}
				""";
		assertThat(parameters(schema)).containsExactly(new Parameter("edits", ""),
				new Parameter("edits.oldText", "Text to replace"), new Parameter("edits.newText", "Replacement"));
	}

	@Test
	void givesEmptyDescriptionToPropertiesWithoutTextualDescription() {
		String schema = """
				{"properties": {"a": {"type": "string"}, "b": {"description": 42}, "c": true}}
				""";
		assertThat(parameters(schema)).containsExactly(new Parameter("a", ""), new Parameter("b", ""),
				new Parameter("c", ""));
	}

	@Test
	void yieldsNoParametersForMalformedJson() {
		assertThat(parameters("{\"properties\": {\"path\": ")).isEmpty();
		assertThat(parameters("not json at all")).isEmpty();
	}

	@Test
	void yieldsNoParametersForMissingSchema() {
		assertThat(parameters(null)).isEmpty();
		assertThat(parameters("")).isEmpty();
		assertThat(parameters("  \n")).isEmpty();
	}

	@Test
	void yieldsNoParametersForSchemaThatIsNotAnObject() {
		assertThat(parameters("[]")).isEmpty();
		assertThat(parameters("42")).isEmpty();
		assertThat(parameters("null")).isEmpty();
		assertThat(parameters("\"properties\"")).isEmpty();
	}

	@Test
	void yieldsNoParametersWhenPropertiesIsNotAnObject() {
		assertThat(parameters("{\"properties\": [\"path\"]}")).isEmpty();
		assertThat(parameters("{\"properties\": null}")).isEmpty();
		assertThat(parameters("{\"type\": \"object\"}")).isEmpty();
	}

	@Test
	void treatsNullDescriptionAsEmpty() {
		assertThat(SearchDocument.of("a__b", "a", "b", null, "{}").description()).isEmpty();
	}

	@Test
	void copiesParametersDefensively() {
		List<Parameter> parameters = new ArrayList<>(List.of(new Parameter("path", "")));
		SearchDocument document = new SearchDocument("fs__read", "fs", "read", "", parameters);
		parameters.clear();
		assertThat(document.parameters()).containsExactly(new Parameter("path", ""));
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> document.parameters().add(new Parameter("x", "")));
	}

	private static List<Parameter> parameters(String schema) {
		return SearchDocument.of("fs__read_file", "fs", "read_file", "", schema).parameters();
	}

}
