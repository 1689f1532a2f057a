package io.github.lazymcp.catalog.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.ServerHealth;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * An in-memory server for unit tests of the catalog; the integration tests use real ones.
 */
public final class FakeConnection implements McpServerConnection {

	private final String name;

	private final List<McpSchema.Tool> tools = new ArrayList<>();

	private final AtomicInteger listings = new AtomicInteger();

	private final List<@Nullable ToolContext> contexts = new CopyOnWriteArrayList<>();

	private @Nullable RuntimeException failure;

	private @Nullable String instructions;

	private volatile ServerHealth health = ServerHealth.UP;

	private volatile @Nullable Listener listener;

	public FakeConnection(String name, String... toolNames) {
		this.name = name;
		for (String tool : toolNames) {
			this.tools.add(tool(tool, "Does " + tool.replace('_', ' ') + "."));
		}
	}

	public static McpSchema.Tool tool(String name, String description) {
		return McpSchema.Tool.builder()
			.name(name)
			.description(description)
			.inputSchema(new McpSchema.JsonSchema("object", Map.of("path", Map.of("type", "string")), List.of(), null,
					null, null))
			.build();
	}

	/**
	 * This server, with one more tool.
	 */
	public FakeConnection with(String tool, String description) {
		this.tools.add(tool(tool, description));
		return this;
	}

	/**
	 * This server, sending instructions at initialization.
	 */
	public FakeConnection instructing(String instructions) {
		this.instructions = instructions;
		return this;
	}

	@Override
	public @Nullable String instructions() {
		return this.instructions;
	}

	/**
	 * Changes this server's health, as a supervisor would, and tells the catalog.
	 */
	public void health(ServerHealth health) {
		this.health = health;
		Listener current = this.listener;
		if (current != null) {
			current.healthChanged(this.name);
		}
	}

	@Override
	public ServerHealth health() {
		return this.health;
	}

	@Override
	public void listen(Listener listener) {
		this.listener = listener;
	}

	public FakeConnection failing(RuntimeException failure) {
		this.failure = failure;
		return this;
	}

	public int listings() {
		return this.listings.get();
	}

	/**
	 * The tool contexts the server's callbacks were called with, in call order: what an
	 * MCP server would receive as request metadata.
	 */
	public List<@Nullable ToolContext> contexts() {
		return List.copyOf(this.contexts);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		this.listings.incrementAndGet();
		if (this.failure != null) {
			throw this.failure;
		}
		return List.copyOf(this.tools);
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
			public String call(String input) {
				return call(input, null);
			}

			@Override
			public String call(String input, @Nullable ToolContext context) {
				FakeConnection.this.contexts.add(context);
				if (input.contains("\"fail\"")) {
					throw new IllegalStateException("the server failed");
				}
				return "ran " + tool.name() + " with " + input;
			}

		};
	}

}
