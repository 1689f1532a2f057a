package io.github.lazymcp.search;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * What a ranker knows about one tool.
 *
 * @param name the qualified tool name, unique within a catalog; reported back in
 * {@link ToolMatch#name()}
 * @param server the name of the MCP server that provides the tool
 * @param toolName the tool's name on its server
 * @param description the tool's description, empty when it has none
 * @param parameters the flattened properties of the tool's input schema
 * @param hints what people wrote about when to use the tool, beyond its description:
 * example requests, a when-to-use sentence, tags; ranked as part of the tool's own text
 * @param uses requests that led to successful calls of the tool, learned from use; ranked
 * as evidence separate from the tool's own text, so that tools nobody used yet are not
 * drowned by those that were
 * @since 0.1.0
 */
public record SearchDocument(String name, String server, String toolName, String description,
		List<Parameter> parameters, List<String> hints, List<String> uses) {

	public SearchDocument {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(server, "server");
		Objects.requireNonNull(toolName, "toolName");
		Objects.requireNonNull(description, "description");
		parameters = List.copyOf(parameters);
		hints = List.copyOf(hints);
		uses = List.copyOf(uses);
	}

	/**
	 * A document with no hints and no learned uses.
	 * @param name the qualified tool name
	 * @param server the MCP server name
	 * @param toolName the tool's name on its server
	 * @param description the tool's description
	 * @param parameters the flattened properties of the input schema
	 */
	public SearchDocument(String name, String server, String toolName, String description, List<Parameter> parameters) {
		this(name, server, toolName, description, parameters, List.of(), List.of());
	}

	/**
	 * This document with other hints.
	 * @param hints example requests, when-to-use sentences and tags
	 * @return the new document
	 */
	public SearchDocument withHints(List<String> hints) {
		return new SearchDocument(this.name, this.server, this.toolName, this.description, this.parameters, hints,
				this.uses);
	}

	/**
	 * This document with other learned uses.
	 * @param uses requests that led to successful calls
	 * @return the new document
	 */
	public SearchDocument withUses(List<String> uses) {
		return new SearchDocument(this.name, this.server, this.toolName, this.description, this.parameters, this.hints,
				uses);
	}

	/**
	 * Builds a document from an MCP tool's JSON input schema. The parameters are the
	 * schema's {@code properties} plus, one level down, the properties of object-typed
	 * properties and of array items; a nested parameter is named {@code parent.child}.
	 * Malformed, empty or non-object schemas yield no parameters; this method never
	 * throws because of the schema's content.
	 * @param name the qualified tool name
	 * @param server the MCP server name
	 * @param toolName the tool's name on its server
	 * @param description the tool's description; {@code null} is treated as empty
	 * @param inputSchemaJson the input schema as JSON text; {@code null} is treated as
	 * empty
	 * @return the document
	 */
	public static SearchDocument of(String name, String server, String toolName, @Nullable String description,
			@Nullable String inputSchemaJson) {
		List<Parameter> parameters = SchemaParameters.parse(inputSchemaJson);
		return new SearchDocument(name, server, toolName, (description != null) ? description : "", parameters);
	}

	/**
	 * One property of a tool's input schema.
	 *
	 * @param name the property name, {@code parent.child} for a nested property
	 * @param description the property's description, empty when it has none
	 */
	public record Parameter(String name, String description) {

		public Parameter {
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(description, "description");
		}

	}

}
