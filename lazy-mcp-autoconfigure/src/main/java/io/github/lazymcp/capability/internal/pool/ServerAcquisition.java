package io.github.lazymcp.capability.internal.pool;

import io.github.lazymcp.catalog.McpServerConnection;

/**
 * What asking the {@link ServerPool} for a server gave: a live connection, or the reason
 * there is none.
 */
public sealed interface ServerAcquisition {

	/**
	 * The server asked for.
	 * @return its connection name
	 */
	String server();

	/**
	 * The server is connected and the capability now holds a reference to it.
	 *
	 * @param server the server's connection name
	 * @param connection the connection to list and call its tools through
	 * @param started whether this call connected it, rather than joining a connection
	 * another capability already holds
	 */
	record Connected(String server, McpServerConnection connection, boolean started) implements ServerAcquisition {

	}

	/**
	 * The server could not be connected; no reference is kept and nothing is left
	 * running.
	 *
	 * @param server the server's connection name
	 * @param reason what went wrong, with the last lines the server wrote to stderr
	 */
	record Failed(String server, String reason) implements ServerAcquisition {

	}

}
