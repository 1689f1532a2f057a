package io.github.lazymcp.benchmarks.soak.judge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * What the conversations' ledgers verified, shared by all of them: each model request
 * that carried a told tool of a server that was {@code UP} at that step (a checked step
 * of that server, on the instance that sent it), and each activation reported by a result
 * and found on the next step (a checked activation). The floors of
 * {@link io.github.lazymcp.benchmarks.soak.EvidenceFloors} are judged on these: a server
 * that silently never serves again has no checked steps after its fault. Thread-safe.
 */
public final class CheckedSteps {

	private static final String ANY = "";

	// Times of checked steps by instance, then by server (ANY: any server).
	private final Map<String, Map<String, List<Long>>> times = new HashMap<>();

	private long activations;

	private long stamped;

	private long unstamped;

	/**
	 * Records one checked request.
	 * @param instance the instance that sent it
	 * @param at when, milliseconds since the start
	 * @param servers the servers of the told tools it carried that were {@code UP}; none
	 * records nothing
	 */
	synchronized void step(String instance, long at, Set<String> servers) {
		if (servers.isEmpty()) {
			return;
		}
		Map<String, List<Long>> byServer = this.times.computeIfAbsent(instance, (key) -> new HashMap<>());
		byServer.computeIfAbsent(ANY, (key) -> new ArrayList<>()).add(at);
		servers.forEach((server) -> byServer.computeIfAbsent(server, (key) -> new ArrayList<>()).add(at));
	}

	/** Counts one activation a result reported and the next step carried. */
	synchronized void activationChecked() {
		this.activations++;
	}

	/**
	 * Counts whether a checked request said what the health of its servers was.
	 * @param known whether it carried the app's stamp
	 */
	synchronized void health(boolean known) {
		if (known) {
			this.stamped++;
		}
		else {
			this.unstamped++;
		}
	}

	public synchronized long activations() {
		return this.activations;
	}

	/**
	 * Checked requests without the app's health stamp: their told tools left out are
	 * never excused.
	 * @return the count
	 */
	public synchronized long unstamped() {
		return this.unstamped;
	}

	public synchronized long stamped() {
		return this.stamped;
	}

	/**
	 * The checked steps of a server on an instance from a moment on.
	 * @param instance the instance
	 * @param server the server, or null for any
	 * @param from milliseconds since the start
	 * @return the count
	 */
	public synchronized int count(String instance, @Nullable String server, long from) {
		List<Long> at = this.times.getOrDefault(instance, Map.of())
			.getOrDefault((server != null) ? server : ANY, List.of());
		return (int) at.stream().filter((time) -> time >= from).count();
	}

}
