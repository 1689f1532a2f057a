package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps an instance's restart apart from the outages of what it needs to start: an
 * instance does not start while an HTTP server it connects to or its database is down
 * (Spring AI's clients and the session store fail the start then, which is theirs to do,
 * not lazy-mcp's), so a restart waits while such an outage lasts, and such an outage
 * waits while an instance restarts. A wait ends after {@link #LONGEST_WAIT} whatever
 * happens: the faults are then injected overlapping, and a failed start fails the run.
 * Thread-safe.
 */
final class Overlaps {

	static final Duration LONGEST_WAIT = Duration.ofMinutes(3);

	private int outages;

	private int restarts;

	/**
	 * Waits until no instance restarts, then counts an outage until the returned closer
	 * runs.
	 * @return ends the outage; runs once, later runs do nothing
	 */
	synchronized Runnable outage() {
		awaitNone(true);
		this.outages++;
		return once(() -> this.outages--);
	}

	/**
	 * Waits until no outage lasts, then counts a restart until the returned closer runs.
	 * @return ends the restart; runs once, later runs do nothing
	 */
	synchronized Runnable restart() {
		awaitNone(false);
		this.restarts++;
		return once(() -> this.restarts--);
	}

	private void awaitNone(boolean restarting) {
		long deadline = System.nanoTime() + LONGEST_WAIT.toNanos();
		while ((restarting ? this.restarts : this.outages) > 0) {
			long left = (deadline - System.nanoTime()) / 1_000_000;
			if (left <= 0) {
				return;
			}
			try {
				wait(left);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private Runnable once(Runnable end) {
		AtomicBoolean done = new AtomicBoolean();
		return () -> {
			if (done.compareAndSet(false, true)) {
				synchronized (this) {
					end.run();
					notifyAll();
				}
			}
		};
	}

}
