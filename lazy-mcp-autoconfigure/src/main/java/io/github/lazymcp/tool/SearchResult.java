package io.github.lazymcp.tool;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.catalog.CatalogTool;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one ToolSearch did, as the model receives it (and the actuator endpoint's write
 * operation returns it): the tools found with their full schemas, what was evicted to
 * make room, what did not fit, names that match nothing, how full the session is, and a
 * sentence for the model. Empty lists and absent texts are left out of the JSON.
 *
 * @param error why the request was refused, or null
 * @param tools the tools found, best first
 * @param evicted tools removed from the session to make room, least recently used first
 * @param notActivated found tools that did not fit under the cap
 * @param unknown requested names that match no tool
 * @param active active tools after the search, as {@code active/cap}
 * @param message a sentence for the model, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchResult(@Nullable String error, List<FoundTool> tools,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> evicted,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notActivated,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> unknown, String active, @Nullable String message) {

	public SearchResult {
		tools = List.copyOf(tools);
		evicted = List.copyOf(evicted);
		notActivated = List.copyOf(notActivated);
		unknown = List.copyOf(unknown);
	}

	static SearchResult error(String error, int active, int cap) {
		return new SearchResult(error, List.of(), List.of(), List.of(), List.of(), active + "/" + cap, null);
	}

	static SearchResult nothingFound(String message, int active, int cap) {
		return new SearchResult(null, List.of(), List.of(), List.of(), List.of(), active + "/" + cap, message);
	}

	static SearchResult found(List<CatalogTool> tools, ActivationResult activation, List<String> unknown,
			String message) {
		return new SearchResult(null, tools.stream().map(FoundTool::of).toList(), activation.evicted(),
				activation.rejected(), unknown, activation.active() + "/" + activation.cap(), message);
	}

	SearchResult withMessage(String message) {
		return new SearchResult(this.error, this.tools, this.evicted, this.notActivated, this.unknown, this.active,
				message);
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
		return JsonMapper.shared().writeValueAsString(this);
	}

	/**
	 * One tool a search found.
	 *
	 * @param name the qualified name to call it by
	 * @param description what it does
	 * @param inputSchema its JSON input schema (a string when the server sent one that is
	 * not JSON)
	 */
	public record FoundTool(String name, String description, JsonNode inputSchema) {

		static FoundTool of(CatalogTool tool) {
			return new FoundTool(tool.name(), tool.definition().description(), schema(tool.definition().inputSchema()));
		}

		private static JsonNode schema(String schema) {
			try {
				return JsonMapper.shared().readTree(schema);
			}
			catch (JacksonException ex) {
				return JsonMapper.shared().getNodeFactory().stringNode(schema);
			}
		}

	}

}
