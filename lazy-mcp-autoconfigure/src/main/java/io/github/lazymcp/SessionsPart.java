package io.github.lazymcp;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.tool.internal.ReportingSessionStore;
import io.github.lazymcp.tool.internal.ToolObservations;
import io.github.lazymcp.tool.internal.UsageStats;

/*
 * The conversations' activation sets: the application's store, or one in memory, seen
 * through a store that reports every activation and eviction to the usage counters and
 * to Micrometer; and the periodic removal of expired sessions, which closing stops.
 */

/**
 * The sessions part of lazy-mcp: the reporting session store and its cleanup.
 */
final class SessionsPart implements AutoCloseable {

	private final UsageStats stats = new UsageStats();

	private final ToolObservations observations;

	private final SessionStore store;

	private final Background.Tasks tasks;

	/**
	 * Makes the store and schedules its cleanup.
	 * @param parts what the builder was given
	 * @param background where the cleanup runs
	 */
	SessionsPart(Assembly.Parts parts, Background background) {
		this.observations = new ToolObservations(parts.observations());
		SessionStore store = (parts.sessionStore() != null) ? parts.sessionStore()
				: SessionStore.inMemory(parts.settings().sessions(), parts.clock());
		this.store = new ReportingSessionStore(store, this.stats.andThen(this.observations));
		this.tasks = background.tasks("sessions");
		this.tasks.every(parts.settings().sessions().cleanupInterval(), "expired sessions", this.store::expire);
	}

	/**
	 * The store every part reads and changes sessions through.
	 * @return the reporting store
	 */
	SessionStore store() {
		return this.store;
	}

	UsageStats stats() {
		return this.stats;
	}

	ToolObservations observations() {
		return this.observations;
	}

	@Override
	public void close() {
		this.tasks.close();
	}

}
