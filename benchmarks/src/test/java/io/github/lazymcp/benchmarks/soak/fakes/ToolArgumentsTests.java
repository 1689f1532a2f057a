package io.github.lazymcp.benchmarks.soak.fakes;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class ToolArgumentsTests {

	private final ToolArguments arguments = new ToolArguments("/work/space");

	@Test
	void fillsRequiredPropertiesAndPointsPathsIntoTheWorkspace() {
		JsonNode made = make(
				"""
						{"type":"object","properties":{"path":{"type":"string"},"head":{"type":"number"}},"required":["path"]}""");

		assertThat(made.path("path").asString()).isEqualTo("/work/space/notes.txt");
		assertThat(made.has("head")).isFalse();
	}

	@Test
	void sendsOptionalNumbersWithADefaultAtTheirMinimum() {
		JsonNode made = make("""
				{"type":"object","properties":{"duration":{"type":"number","default":10},
				 "count":{"type":"number","default":3,"minimum":1},"flag":{"type":"boolean","default":true}}}""");

		assertThat(made.path("duration").asInt()).isEqualTo(1);
		assertThat(made.path("count").asInt()).isEqualTo(1);
		assertThat(made.has("flag")).isFalse();
	}

	@Test
	void takesTheFirstValueOfAnEnum() {
		JsonNode made = make(
				"""
						{"type":"object","properties":{"location":{"type":"string","enum":["New York","Chicago"]}},"required":["location"]}""");

		assertThat(made.path("location").asString()).isEqualTo("New York");
	}

	@Test
	void buildsNestedArraysOfObjects() {
		JsonNode made = make("""
				{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object",
				 "properties":{"name":{"type":"string"},"observations":{"type":"array","items":{"type":"string"}}},
				 "required":["name","observations"]}}},"required":["entities"]}""");

		assertThat(made.path("entities").get(0).path("name").asString()).isEqualTo("soak");
		assertThat(made.path("entities").get(0).path("observations").get(0).asString()).isEqualTo("soak");
	}

	@Test
	void sendsAnEmptyObjectForAMissingSchema() {
		assertThat(this.arguments.forSchema(OpenAiWire.JSON.missingNode())).isEqualTo("{}");
	}

	private JsonNode make(String schema) {
		return OpenAiWire.JSON.readTree(this.arguments.forSchema(OpenAiWire.JSON.readTree(schema)));
	}

}
