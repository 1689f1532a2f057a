package io.github.lazymcp.benchmarks.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * An MCP server that answers {@code tools/list} with a dataset's tools, gives the
 * instructions its capture holds, and whose tools succeed without doing anything. Each
 * tool is read from its listed JSON by the MCP SDK's own mapper, exactly as a
 * {@code tools/list} answer would be.
 */
public final class DatasetConnection implements McpServerConnection {

	/** What every tool call returns. */
	public static final String RESULT = "{\"ok\":true}";

	private final String name;

	private final List<McpSchema.Tool> tools;

	private final @Nullable String instructions;

	public DatasetConnection(Dataset.Server server) {
		McpJsonMapper mapper = McpJsonDefaults.getMapper();
		List<McpSchema.Tool> parsed = new ArrayList<>(server.tools().size());
		for (Dataset.Tool tool : server.tools()) {
			try {
				parsed.add(mapper.readValue(tool.json(), McpSchema.Tool.class));
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Tool " + Dataset.key(server.name(), tool.name()), ex);
			}
		}
		this.name = server.name();
		this.tools = List.copyOf(parsed);
		this.instructions = server.instructions();
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return this.tools;
	}

	/**
	 * The instructions the server's capture holds, as a live server's {@code initialize}
	 * result carries them.
	 */
	@Override
	public @Nullable String instructions() {
		return this.instructions;
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		ToolDefinition definition = DefaultToolDefinition.builder()
			.name(qualifiedName)
			.description(String.valueOf(tool.description()))
			.inputSchema("{\"type\":\"object\"}")
			.build();
		return new ToolCallback() {

			@Override
			public ToolDefinition getToolDefinition() {
				return definition;
			}

			@Override
			public String call(String toolInput) {
				return RESULT;
			}

			@Override
			public String call(String toolInput, @Nullable ToolContext toolContext) {
				return call(toolInput);
			}

		};
	}

}
