package io.github.lazymcp.benchmarks.results;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.function.DoubleSupplier;

import org.jspecify.annotations.Nullable;

/**
 * Samples the machine's load while a run runs: once at the start, every
 * {@linkplain #EVERY 10 s} on a daemon thread (so it never keeps the JVM alive), and once
 * when stopped, keeping the highest value. A run on a busy machine is marked by it.
 */
public final class LoadSampler {

	/** How often the load is sampled while a run runs. */
	public static final Duration EVERY = Duration.ofSeconds(10);

	private final DoubleSupplier source;

	private final double before;

	// the highest known load seen; unknown readings are negative and never win
	private final DoubleAccumulator max = new DoubleAccumulator(Math::max, -1);

	private final @Nullable ScheduledExecutorService timer;

	/**
	 * A sampler that samples only when told to, for tests.
	 * @param source the 1-minute load average, negative when unknown; never throws
	 */
	LoadSampler(DoubleSupplier source) {
		this(source, null);
	}

	private LoadSampler(DoubleSupplier source, @Nullable ScheduledExecutorService timer) {
		this.source = source;
		this.before = source.getAsDouble();
		this.max.accumulate(this.before);
		this.timer = timer;
	}

	/**
	 * Reads the load now and samples it every {@link #EVERY} until {@link #stop()}.
	 * @param source the 1-minute load average, negative when unknown; never throws
	 * @return the running sampler
	 */
	public static LoadSampler start(DoubleSupplier source) {
		return start(source, EVERY);
	}

	static LoadSampler start(DoubleSupplier source, Duration every) {
		ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "results-load-sampler");
			thread.setDaemon(true);
			return thread;
		});
		LoadSampler sampler = new LoadSampler(source, timer);
		timer.scheduleAtFixedRate(sampler::sample, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
		return sampler;
	}

	/** Reads the load once and keeps it if it is the highest so far. */
	void sample() {
		this.max.accumulate(this.source.getAsDouble());
	}

	/**
	 * Stops sampling, reads the load a last time and gives the load the run ran under.
	 * @return the load at the start and the highest sampled
	 */
	public RunHeader.Load stop() {
		if (this.timer != null) {
			this.timer.shutdownNow();
		}
		sample();
		return load();
	}

	RunHeader.Load load() {
		return new RunHeader.Load(this.before, this.max.get());
	}

}
