package io.github.lazymcp.benchmarks;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * What the model learns from one ToolSearch result (or from the tools of a request): read
 * from the text the model receives, never from the product's internal lists, so that the
 * scripted agent knows exactly what a model would. Every tool the result names is one the
 * model may call (or load by that name); an error or an empty result shows nothing.
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
		JsonNode tools = (root != null) ? root.get("tools") : null;
		if (tools != null && tools.isArray()) {
			for (JsonNode tool : tools) {
				JsonNode name = tool.get("name");
				JsonNode description = tool.get("description");
				if (name != null && name.isString()) {
					shown.add(new Shown(name.asString(),
							(description != null && description.isString()) ? description.asString() : ""));
				}
			}
		}
		return new SearchView(shown);
	}

	/**
	 * What a request's tools show the model.
	 * @param definitions the tools, as sent
	 * @return the view
	 */
	static SearchView ofTools(List<ToolDefinition> definitions) {
		return new SearchView(definitions.stream()
			.map((definition) -> new Shown(definition.name(), definition.description()))
			.toList());
	}

	List<String> names() {
		return this.tools.stream().map(Shown::name).toList();
	}

	/**
	 * One tool a result names.
	 *
	 * @param name the name to call or load it by
	 * @param description its description as the result shows it
	 */
	record Shown(String name, String description) {

	}

}
