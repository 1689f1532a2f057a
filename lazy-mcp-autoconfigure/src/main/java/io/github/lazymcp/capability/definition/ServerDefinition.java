package io.github.lazymcp.capability.definition;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
	 * A server started as a child process and spoken to over stdin/stdout.
	 *
	 * @param name the connection name
	 * @param command the executable, looked up on {@code PATH} when it has no slash,
	 * otherwise resolved against the working directory
	 * @param args the arguments
	 * @param env variables added to the environment the process inherits
	 */
	record Stdio(String name, String command, List<String> args, Map<String, String> env) implements ServerDefinition {

		public Stdio {
			args = List.copyOf(args);
			env = Map.copyOf(env);
		}

		/**
		 * Names the variables without their values, which are often secrets.
		 */
		@Override
		public String toString() {
			return "Stdio[name=%s, command=%s, args=%s, env=%s]".formatted(this.name, this.command, this.args,
					new TreeMap<>(this.env).keySet());
		}

	}

	/**
	 * A server reached over HTTP.
	 *
	 * @param name the connection name
	 * @param url the endpoint, e.g. {@code http://localhost:3001/mcp}
	 * @param sse whether the server speaks the older HTTP+SSE transport instead of
	 * streamable HTTP
	 */
	record Http(String name, URI url, boolean sse) implements ServerDefinition {

	}

}
