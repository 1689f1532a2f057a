package io.github.lazymcp;

import java.time.Clock;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.tool.internal.ReportingSessionStore;
import io.github.lazymcp.tool.internal.ToolObservations;
import io.github.lazymcp.tool.internal.UsageStats;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

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

	private final Tasks tasks;

	/**
	 * Makes the store and schedules its cleanup.
	 * @param own the store and the session settings
	 * @param observations where activations are observed
	 * @param clock the time of an in-memory store
	 * @param tasks where the cleanup runs; closed with this part
	 */
	SessionsPart(Inputs own, ObservationRegistry observations, Clock clock, Tasks tasks) {
		this.observations = new ToolObservations(observations);
		SessionStore store = (own.store() != null) ? own.store() : SessionStore.inMemory(own.settings(), clock);
		this.store = new ReportingSessionStore(store, this.stats.andThen(this.observations));
		this.tasks = tasks;
		this.tasks.every(own.settings().cleanupInterval(), "expired sessions", this.store::expire);
	}

	/**
	 * The store every part reads and changes sessions through.
	 * @return the reporting store
	 */
	SessionStore store() {
		return this.store;
	}

	/**
	 * The usage counters, which the store's activations count in.
	 * @return the counters
	 */
	UsageStats stats() {
		return this.stats;
	}

	/**
	 * The observations of tool calls and searches.
	 * @return the observations
	 */
	ToolObservations observations() {
		return this.observations;
	}

	@Override
	public void close() {
		this.tasks.close();
	}

	/**
	 * The sessions' store and settings, as the application gave them.
	 *
	 * @param settings the cap, sessions kept, idle timeout and cleanup; the store's own
	 * when it has them
	 * @param store the application's store, or null for one in memory
	 */
	record Inputs(SessionSettings settings, @Nullable SessionStore store) {

	}

}
