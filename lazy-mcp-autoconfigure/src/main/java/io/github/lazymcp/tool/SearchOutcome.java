package io.github.lazymcp.tool;

import java.util.List;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.catalog.CatalogTool;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one ToolSearch did: the tools it found (with full schemas), what it activated and
 * evicted, and how full the session is now. Rendered as the JSON the model receives; the
 * actuator endpoint returns the same JSON.
 *
 * @param tools the tools found, best first
 * @param activation what changed in the session, or null when nothing was activated
 * @param unknown requested names that match no tool
 * @param active number of active tools after the search
 * @param cap the session's cap
 * @param message a sentence for the model, or null
 * @param error why the request was refused, or null
 */
public record SearchOutcome(List<CatalogTool> tools, @Nullable ActivationResult activation, List<String> unknown,
		int active, int cap, @Nullable String message, @Nullable String error) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	public SearchOutcome {
		tools = List.copyOf(tools);
		unknown = List.copyOf(unknown);
	}

	static SearchOutcome error(String error, int active, int cap) {
		return new SearchOutcome(List.of(), null, List.of(), active, cap, null, error);
	}

	SearchOutcome withMessage(String message) {
		return new SearchOutcome(this.tools, this.activation, this.unknown, this.active, this.cap, message, this.error);
	}

	/**
	 * Whether the request was refused as bad input.
	 * @return true when {@link #error()} is set
	 */
	public boolean failed() {
		return this.error != null;
	}

	/**
	 * The JSON the model receives.
	 * @return compact JSON
	 */
	public String toJson() {
		ObjectNode root = JSON.createObjectNode();
		if (this.error != null) {
			root.put("error", this.error);
		}
		var tools = root.putArray("tools");
		this.tools.forEach((tool) -> tools.add(describe(tool)));
		if (this.activation != null) {
			this.activation.evicted().forEach(root.withArrayProperty("evicted")::add);
			this.activation.rejected().forEach(root.withArrayProperty("notActivated")::add);
		}
		this.unknown.forEach(root.withArrayProperty("unknown")::add);
		root.put("active", this.active + "/" + this.cap);
		if (this.message != null) {
			root.put("message", this.message);
		}
		return JSON.writeValueAsString(root);
	}

	private static ObjectNode describe(CatalogTool tool) {
		ObjectNode node = JSON.createObjectNode();
		node.put("name", tool.name());
		node.put("description", tool.definition().description());
		node.set("inputSchema", schema(tool.definition().inputSchema()));
		return node;
	}

	private static JsonNode schema(String schema) {
		try {
			return JSON.readTree(schema);
		}
		catch (JacksonException ex) {
			return JSON.getNodeFactory().stringNode(schema);
		}
	}

}
