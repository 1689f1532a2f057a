package io.github.lazymcp.benchmarks.soak.fleet;

import java.time.Duration;

/**
 * Sleeps that end early, without an exception, when the thread is interrupted (the
 * interrupt stays set): the harness's threads stop by interruption.
 */
public final class Pause {

	private Pause() {
	}

	public static void millis(long millis) {
		try {
			Thread.sleep(Math.max(0, millis));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	public static void of(Duration duration) {
		millis(duration.toMillis());
	}

}
