package io.github.lazymcp.learning;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hints people wrote, by server and tool name (as the server names the tool).
 * Immutable. Declare a bean of this type to add hints from code; every such bean is
 * merged with those of the properties and the capability files.
 *
 * @since 0.1.0
 */
public final class Hints {

	/** No hints at all. */
	public static final Hints NONE = new Hints(Map.of());

	private final Map<String, Map<String, ToolHints>> byServer;

	private Hints(Map<String, Map<String, ToolHints>> byServer) {
		Map<String, Map<String, ToolHints>> copy = new LinkedHashMap<>();
		byServer.forEach((server, tools) -> copy.put(server, Map.copyOf(tools)));
		this.byServer = Map.copyOf(copy);
	}

	/**
	 * Hints by server, then by tool name.
	 * @param byServer the hints; tools without any are best left out
	 * @return the hints
	 */
	public static Hints of(Map<String, Map<String, ToolHints>> byServer) {
		return new Hints(byServer);
	}

	/**
	 * The hints of one tool.
	 * @param server the MCP server's connection name
	 * @param tool the tool name as the server names it
	 * @return its hints, {@link ToolHints#NONE} when none were written
	 */
	public ToolHints of(String server, String tool) {
		Map<String, ToolHints> tools = this.byServer.get(server);
		ToolHints hints = (tools != null) ? tools.get(tool) : null;
		return (hints != null) ? hints : ToolHints.NONE;
	}

	/**
	 * Several sources as one: for each field of a tool, the first source that sets it
	 * wins.
	 * @param sources the sources, most important first
	 * @return the merged hints
	 */
	public static Hints merge(List<Hints> sources) {
		Map<String, Map<String, ToolHints>> merged = new LinkedHashMap<>();
		for (Hints source : sources) {
			source.byServer.forEach((server, tools) -> tools
				.forEach((tool, hints) -> merged.computeIfAbsent(server, (name) -> new LinkedHashMap<>())
					.merge(tool, hints, ToolHints::orElse)));
		}
		return new Hints(merged);
	}

	/**
	 * Whether no tool has hints.
	 * @return true when empty
	 */
	public boolean isEmpty() {
		return this.byServer.isEmpty();
	}

}
