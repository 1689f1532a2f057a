package io.github.lazymcp.catalog.internal;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Counts what a tool definition costs in a model request, in o200k tokens.
 *
 * <p>
 * A tool is counted as a provider receives it: the compact JSON
 * {@code {"name":…,"description":…,"input_schema":…}} (the Anthropic Messages shape). The
 * provider's fixed tool-use preamble is left out, so the figures compare across
 * providers.
 */
public final class TokenCounter {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final Encoding encoding = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

	/**
	 * Tokens one definition costs.
	 * @param definition the definition as the model would receive it
	 * @return its o200k token count
	 */
	public int count(ToolDefinition definition) {
		ObjectNode tool = JSON.createObjectNode();
		tool.put("name", definition.name());
		tool.put("description", definition.description());
		tool.set("input_schema", parseSchema(definition.inputSchema()));
		return this.encoding.countTokensOrdinary(JSON.writeValueAsString(tool));
	}

	/**
	 * Tokens of arbitrary text, for figures such as the guidance paragraph.
	 * @param text the text
	 * @return its o200k token count
	 */
	public int count(String text) {
		return this.encoding.countTokensOrdinary(text);
	}

	private static JsonNode parseSchema(String schema) {
		try {
			return JSON.readTree(schema);
		}
		catch (RuntimeException ex) {
			// A schema that is not JSON still costs its characters.
			return JSON.getNodeFactory().stringNode(schema);
		}
	}

}
