package io.github.lazymcp.health;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

/**
 * Makes a new, initialized client for one server: what a reconnect needs, since an MCP
 * client whose transport has closed cannot be opened again.
 * <p>
 * Give one to {@code LazyMcp.builder().reconnect(server, factory)}, or, with Spring Boot,
 * declare one as a bean made with {@link #forServer}: for a server whose client the
 * application builds itself, lazy-mcp cannot know how to build another.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface McpClientFactory {

	/**
	 * Connects.
	 * @param toolsChanged told of every {@code tools/list_changed} the new client
	 * receives, with the server's new tool list; a client that reports them another way
	 * (Spring AI's events) may ignore it
	 * @return an initialized client
	 * @throws RuntimeException when the server cannot be reached; the message says why
	 */
	McpSyncClient connect(Consumer<List<McpSchema.Tool>> toolsChanged);

	/**
	 * The connection name of the server this factory reconnects, when it says so itself
	 * (a factory declared as a bean must).
	 * @return the connection name, or null
	 */
	default @Nullable String server() {
		return null;
	}

	/**
	 * A factory that names the server it reconnects.
	 * @param server the connection name
	 * @param factory makes the client
	 * @return the factory
	 */
	static McpClientFactory forServer(String server, McpClientFactory factory) {
		Objects.requireNonNull(server, "server");
		Objects.requireNonNull(factory, "factory");
		return new McpClientFactory() {

			@Override
			public McpSyncClient connect(Consumer<List<McpSchema.Tool>> toolsChanged) {
				return factory.connect(toolsChanged);
			}

			@Override
			public String server() {
				return server;
			}

		};
	}

}
