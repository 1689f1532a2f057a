package io.github.lazymcp.health.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/*
 * Spring AI makes the transports of its connections, and starts their servers, before
 * lazy-mcp is built, and the supervisor that watches the servers is made with it. So the
 * transports report the end of a process here, by connection name, and this passes the
 * reports on to the supervisor once it is there; a report that came before is kept (the
 * last one per server) and passed on then. Passing on an old report is harmless: the
 * supervisor checks whether the server's current client is the one whose process ended.
 */

/**
 * Where the transports of named connections report that a server's process ended, for a
 * {@link ServerSupervisor#processExited supervisor} that may not exist yet.
 */
public final class ProcessExits {

	// Guarded by this, as is the supervisor.
	private final Map<String, String> early = new LinkedHashMap<>();

	private @Nullable BiConsumer<String, String> supervisor;

	/**
	 * What a transport of one connection tells when its server's process ended by itself.
	 * @param server the connection name
	 * @return the listener to give
	 * {@link GuardedTransport#of(io.modelcontextprotocol.spec.McpClientTransport, Consumer)}
	 */
	public Consumer<String> of(String server) {
		return (reason) -> exited(server, reason);
	}

	/**
	 * Passes every report on to a supervisor, from now on and those that came before.
	 * @param supervisor told the server's name and how its process ended
	 */
	public void deliverTo(BiConsumer<String, String> supervisor) {
		Map<String, String> before;
		synchronized (this) {
			this.supervisor = supervisor;
			before = new LinkedHashMap<>(this.early);
			this.early.clear();
		}
		before.forEach(supervisor);
	}

	private void exited(String server, String reason) {
		BiConsumer<String, String> current;
		synchronized (this) {
			current = this.supervisor;
			if (current == null) {
				this.early.put(server, reason);
				return;
			}
		}
		current.accept(server, reason);
	}

}
