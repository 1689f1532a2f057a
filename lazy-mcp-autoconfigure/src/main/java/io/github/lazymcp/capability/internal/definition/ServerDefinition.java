package io.github.lazymcp.capability.internal.definition;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * One MCP server of a capability: how to reach it, not a connection. Two definitions are
 * the same server when they are equal; capabilities that name the same server share one
 * connection.
 */
public sealed interface ServerDefinition {

	/**
	 * The connection name: the prefix of every qualified tool name of the server.
	 * @return the name
	 */
	String name();

	/**
	 * How long one call of the server's tools may take.
	 * @return the timeout, or null for {@code tools.lazy-mcp.call-timeout}
	 */
	@Nullable Duration callTimeout();

	/**
	 * Whether the server acts for each user with that user's credentials: it is then
	 * connected once per identity, never shared across identities.
	 * @return true for a per-user server
	 */
	default boolean perUser() {
		return false;
	}

	/**
	 * A server started as a child process and spoken to over stdin/stdout.
	 *
	 * @param name the connection name
	 * @param command the executable, looked up on {@code PATH} when it has no slash,
	 * otherwise resolved against the working directory
	 * @param args the arguments
	 * @param env variables added to the environment the process inherits
	 * @param callTimeout how long one tool call may take, or null for the global timeout
	 * @param tokenEnv for a per-user server ({@code per_user = true}), the variable that
	 * carries the identity's access token into its own process ({@code token_env}); null
	 * for a server shared by every conversation
	 */
	record Stdio(String name, String command, List<String> args, Map<String, String> env,
			@Nullable Duration callTimeout, @Nullable String tokenEnv) implements ServerDefinition {

		public Stdio {
			args = List.copyOf(args);
			env = Map.copyOf(env);
		}

		/**
		 * A server shared by every conversation.
		 * @param name the connection name
		 * @param command the executable
		 * @param args the arguments
		 * @param env variables added to the environment
		 * @param callTimeout how long one tool call may take, or null for the global
		 * timeout
		 */
		public Stdio(String name, String command, List<String> args, Map<String, String> env,
				@Nullable Duration callTimeout) {
			this(name, command, args, env, callTimeout, null);
		}

		/**
		 * A server shared by every conversation, with the global call timeout.
		 * @param name the connection name
		 * @param command the executable
		 * @param args the arguments
		 * @param env variables added to the environment
		 */
		public Stdio(String name, String command, List<String> args, Map<String, String> env) {
			this(name, command, args, env, null, null);
		}

		@Override
		public boolean perUser() {
			return this.tokenEnv != null;
		}

		/**
		 * Names the variables without their values, which are often secrets.
		 */
		@Override
		public String toString() {
			return "Stdio[name=%s, command=%s, args=%s, env=%s, callTimeout=%s, tokenEnv=%s]".formatted(this.name,
					this.command, this.args, new TreeMap<>(this.env).keySet(), this.callTimeout, this.tokenEnv);
		}

	}

	/**
	 * A server reached over HTTP.
	 *
	 * @param name the connection name
	 * @param url the endpoint, e.g. {@code http://localhost:3001/mcp}
	 * @param sse whether the server speaks the older HTTP+SSE transport instead of
	 * streamable HTTP
	 * @param callTimeout how long one tool call may take, or null for the global timeout
	 * @param perUser whether it is connected once per identity, with the identity's
	 * access token ({@code per_user = true})
	 */
	record Http(String name, URI url, boolean sse, @Nullable Duration callTimeout,
			boolean perUser) implements ServerDefinition {

		/**
		 * A server shared by every conversation.
		 * @param name the connection name
		 * @param url the endpoint
		 * @param sse whether it speaks HTTP+SSE
		 * @param callTimeout how long one tool call may take, or null for the global
		 * timeout
		 */
		public Http(String name, URI url, boolean sse, @Nullable Duration callTimeout) {
			this(name, url, sse, callTimeout, false);
		}

		/**
		 * A server shared by every conversation, with the global call timeout.
		 * @param name the connection name
		 * @param url the endpoint
		 * @param sse whether it speaks HTTP+SSE
		 */
		public Http(String name, URI url, boolean sse) {
			this(name, url, sse, null, false);
		}

	}

}
