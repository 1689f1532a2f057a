package io.github.lazymcp.benchmarks.soak.judge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The slowest turns of the measured period, with where their time went: between the
 * client sending the turn and the model's first request (the turn's start in the app),
 * after each of the model's moves until its next request (the tool call, or ToolSearch,
 * and the app's work around it), and from the final answer to the client. Thread-safe.
 */
public final class SlowTurns {

	private static final int KEPT = 5;

	private final List<Slow> slowest = new ArrayList<>();

	public synchronized void offer(long wallMillis, String description) {
		if (this.slowest.size() < KEPT || wallMillis > this.slowest.get(this.slowest.size() - 1).wallMillis()) {
			this.slowest.add(new Slow(wallMillis, description));
			this.slowest.sort(Comparator.comparingLong(Slow::wallMillis).reversed());
			if (this.slowest.size() > KEPT) {
				this.slowest.remove(KEPT);
			}
		}
	}

	public synchronized List<String> descriptions() {
		return this.slowest.stream().map(Slow::description).toList();
	}

	private record Slow(long wallMillis, String description) {

	}

}
