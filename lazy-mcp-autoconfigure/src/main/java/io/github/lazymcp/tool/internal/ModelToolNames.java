package io.github.lazymcp.tool.internal;

/**
 * The names the model sees for lazy-mcp's own tools, each declared here once. A tool's
 * class, and every message that tells the model to call one, reads its name from here and
 * never from another tool's class: javac copies a string constant into each class that
 * reads it, so a name read across tool classes would be a dependency no class file shows,
 * and a cycle between tools that {@code ArchitectureTests} could not see
 * ({@code ToolSearch} names {@code CallTool} in its description, and {@code CallTool}
 * names {@code ToolSearch} in its errors). {@code ArchitectureTests} reads the sources
 * for such references.
 */
public final class ModelToolNames {

	/** The tool that finds and loads deferred tools. */
	public static final String TOOL_SEARCH = "ToolSearch";

	/** The tool that runs a loaded tool in the bridge surface. */
	public static final String CALL_TOOL = "CallTool";

	/** The tool that lists, finds, enables and disables capabilities. */
	public static final String CAPABILITY = "capability";

	private ModelToolNames() {
	}

}
