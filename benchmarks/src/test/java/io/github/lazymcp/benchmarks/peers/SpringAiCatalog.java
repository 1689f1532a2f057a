package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.List;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Small hand-made catalogs for the Spring AI peers' tests: eight tools of four kinds, and
 * numbered ones for counting results.
 */
final class SpringAiCatalog {

	private SpringAiCatalog() {
	}

	/**
	 * Weather, calendar, git, mail and file tools.
	 * @return eight tools
	 */
	static List<ToolDefinition> tools() {
		return List.of(tool("get_weather", "Get the current weather for a city: temperature, wind and conditions."),
				tool("get_forecast", "Get the weather forecast for the next days in a city."),
				tool("create_event", "Create a calendar event with a title, a start time and attendees."),
				tool("list_events", "List the calendar events between two dates."),
				tool("git_commit", "Record staged changes in the git repository with a message."),
				tool("git_log", "Show the commit history of the git repository."),
				tool("send_email", "Send an email message to a recipient."),
				tool("search_files", "Find files whose names match a glob pattern such as *.java."));
	}

	/**
	 * Twelve tools {@code tool_01} to {@code tool_12} described as "Numbered tool 01" and
	 * so on, then as many {@code helper_}s.
	 * @return 24 tools
	 */
	static List<ToolDefinition> numbered() {
		List<ToolDefinition> tools = new ArrayList<>();
		for (String kind : List.of("tool", "helper")) {
			for (int i = 1; i <= 12; i++) {
				tools.add(tool("%s_%02d".formatted(kind, i), "Numbered %s %02d".formatted(kind, i)));
			}
		}
		return tools;
	}

	/**
	 * The names of the tools {@code tool_01} to {@code tool_NN}.
	 * @param count how many
	 * @return the names, in order
	 */
	static List<String> numberedTools(int count) {
		List<String> names = new ArrayList<>();
		for (int i = 1; i <= count; i++) {
			names.add("tool_%02d".formatted(i));
		}
		return names;
	}

	static ToolDefinition tool(String name, String description) {
		return ToolDefinition.builder()
			.name(name)
			.description(description)
			.inputSchema(
					"{\"type\":\"object\",\"properties\":{\"input\":{\"type\":\"string\"}},\"required\":[\"input\"]}")
			.build();
	}

}
