package io.github.lazymcp.health.internal;

import java.lang.reflect.Field;

import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * The MCP SDK's StdioClientTransport (2.0.x) starts its server's process in connect() and
 * keeps it in a private field, `process`, with no way to read it or to be told when it
 * ends: its reader thread sees the end of the process's output and completes a sink that
 * nothing listens to, and a message written afterwards is dropped without an error. A
 * stdio server that dies is then noticed only when two pings in a row run out of time.
 * So the process is read from that field, once connect() has completed (on the thread
 * that ran it, which wrote the field), and Process.onExit() tells of its end through the
 * JDK's process reaper, with no thread of lazy-mcp's waiting. When an SDK release renames
 * or drops the field, nothing is read: the end of a process is then noticed by pings, as
 * before, one warning says so, and StdioProcessTests fails the build so that the upgrade
 * is noticed.
 */

/**
 * The process of a stdio transport's server.
 */
final class StdioProcess {

	private static final Log logger = LogFactory.getLog(StdioProcess.class);

	/** The field of {@link StdioClientTransport} that holds the process. */
	static final String FIELD = "process";

	private static final @Nullable Field PROCESS = field();

	private StdioProcess() {
	}

	/**
	 * The process a stdio transport started, serialized or not.
	 * @param transport a transport whose connect() has completed
	 * @return its process; null for a transport of another kind, before it started one,
	 * or when this MCP SDK does not keep it where this reads it
	 */
	static @Nullable Process of(McpClientTransport transport) {
		McpClientTransport inner = (transport instanceof SerializedTransport serialized) ? serialized.wrapped()
				: transport;
		if (!(inner instanceof StdioClientTransport) || PROCESS == null) {
			return null;
		}
		try {
			return (Process) PROCESS.get(inner);
		}
		catch (IllegalAccessException | RuntimeException ex) {
			return null;
		}
	}

	/**
	 * Whether this MCP SDK keeps the process where this class reads it.
	 * @return true when the process of a stdio transport can be read
	 */
	static boolean readable() {
		return PROCESS != null;
	}

	private static @Nullable Field field() {
		try {
			Field field = StdioClientTransport.class.getDeclaredField(FIELD);
			if (Process.class.isAssignableFrom(field.getType())) {
				field.setAccessible(true);
				return field;
			}
		}
		catch (NoSuchFieldException | RuntimeException ex) {
			// reported below
		}
		logger.warn("This MCP SDK's StdioClientTransport does not keep its process in the field '%s'; a stdio server "
			.formatted(FIELD) + "whose process ends is noticed by pings only, within two ping timeouts after the next "
				+ "ping. Upgrade lazy-mcp to a release made for this SDK.");
		return null;
	}

}
