package io.github.lazymcp.benchmarks.agent;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * What the model learns from one ToolSearch result (or from the tools of a request): read
 * from the text the model receives, never from the product's internal lists, so that the
 * scripted agent knows exactly what a model would. The tools a result loaded or names as
 * loaded already are ones the model may call; the tools of its shortlist ({@code name:
 * purpose} lines) are ones it may load by name. An error or an empty result shows
 * nothing.
 *
 * <p>
 * A new field of the result that names more tools the model may load by name is read
 * here, and nowhere else.
 *
 * @param tools the tools the result names, in its order
 */
record SearchView(List<Shown> tools) {

	SearchView {
		tools = List.copyOf(tools);
	}

	/**
	 * Reads a ToolSearch result.
	 * @param result the JSON the model received
	 * @return what it shows
	 */
	static SearchView of(String result) {
		JsonNode root;
		try {
			root = JsonMapper.shared().readTree(result);
		}
		catch (JacksonException ex) {
			return new SearchView(List.of());
		}
		List<Shown> shown = new ArrayList<>();
		for (JsonNode tool : named(root)) {
			JsonNode description = tool.get("description");
			shown.add(new Shown(tool.get("name").asString(),
					(description != null && description.isString()) ? description.asString() : "", false));
		}
		for (String line : strings(root, "shortlist")) {
			int colon = line.indexOf(": ");
			shown.add((colon > 0) ? new Shown(line.substring(0, colon), line.substring(colon + 2), true)
					: new Shown(line, "", true));
		}
		return new SearchView(shown);
	}

	/**
	 * The tools a ToolSearch result names as loaded already.
	 * @param result the JSON the model received
	 * @return the names, in the result's order
	 */
	static List<String> alreadyLoaded(String result) {
		try {
			return named(JsonMapper.shared().readTree(result)).stream()
				.filter((tool) -> tool.path("alreadyLoaded").asBoolean(false))
				.map((tool) -> tool.get("name").asString())
				.toList();
		}
		catch (JacksonException ex) {
			return List.of();
		}
	}

	/** The entries of a result's {@code tools} that have a name, in its order. */
	private static List<JsonNode> named(JsonNode root) {
		JsonNode tools = (root != null) ? root.get("tools") : null;
		List<JsonNode> named = new ArrayList<>();
		if (tools != null && tools.isArray()) {
			for (JsonNode tool : tools) {
				JsonNode name = tool.get("name");
				if (name != null && name.isString()) {
					named.add(tool);
				}
			}
		}
		return named;
	}

	private static List<String> strings(JsonNode root, String field) {
		JsonNode array = (root != null) ? root.get(field) : null;
		List<String> strings = new ArrayList<>();
		if (array != null && array.isArray()) {
			for (JsonNode item : array) {
				if (item.isString()) {
					strings.add(item.asString());
				}
			}
		}
		return strings;
	}

	/**
	 * What a request's tools show the model.
	 * @param definitions the tools, as sent
	 * @return the view
	 */
	static SearchView ofTools(List<ToolDefinition> definitions) {
		return new SearchView(definitions.stream()
			.map((definition) -> new Shown(definition.name(), definition.description(), false))
			.toList());
	}

	/**
	 * Every tool the result names, loaded or listed.
	 * @return the names
	 */
	List<String> names() {
		return this.tools.stream().map(Shown::name).toList();
	}

	/**
	 * The tools the model may call after this result: loaded by it, or loaded already.
	 * @return the names
	 */
	List<String> callable() {
		return this.tools.stream().filter((tool) -> !tool.listed()).map(Shown::name).toList();
	}

	/**
	 * The shortlist: tools named but not loaded.
	 * @return the listed tools, best first
	 */
	List<Shown> listed() {
		return this.tools.stream().filter(Shown::listed).toList();
	}

	/**
	 * One tool a result names.
	 *
	 * @param name the name to call or load it by
	 * @param description its description as the result shows it (empty for a tool named
	 * as loaded already)
	 * @param listed whether it is only listed: the model must load it by name first
	 */
	record Shown(String name, String description, boolean listed) {

	}

}
