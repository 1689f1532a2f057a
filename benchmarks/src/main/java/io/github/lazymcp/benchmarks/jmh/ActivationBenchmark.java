package io.github.lazymcp.benchmarks.jmh;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Activation-set operations under contention: four threads work on a few shared sessions
 * of a real {@link SessionStore}, each session full (cap 24) so that activating a new
 * name evicts one. {@code activate} brings in one of 200 names, {@code touch} marks an
 * active tool used, {@code lookupAndActivate} also fetches the session from the store
 * first, as the session advisor does once per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(4)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ActivationBenchmark {

	@Param("24")
	public int cap;

	@Param("2")
	public int sessions;

	private SessionStore store;

	private ToolSession[] shared;

	private String[] ids;

	private final String[] names = IntStream.range(0, 200).mapToObj((i) -> "server__tool_" + i).toArray(String[]::new);

	@Setup
	public void setUp() {
		this.store = SessionStore.inMemory(
				new SessionSettings(this.cap, 10_000, Duration.ofHours(1), SessionSettings.DEFAULTS.cleanupInterval()),
				Clock.systemUTC());
		this.ids = IntStream.range(0, this.sessions).mapToObj((i) -> "session-" + i).toArray(String[]::new);
		this.shared = new ToolSession[this.sessions];
		for (int i = 0; i < this.sessions; i++) {
			this.shared[i] = this.store.session(this.ids[i]);
			this.shared[i].activate(List.of(this.names).subList(0, this.cap));
		}
	}

	@Benchmark
	public ActivationResult activate(ThreadRandom random) {
		ToolSession session = this.shared[random.next(this.sessions)];
		return session.activate(List.of(this.names[random.next(this.names.length)]));
	}

	@Benchmark
	public ToolSession touch(ThreadRandom random) {
		ToolSession session = this.shared[random.next(this.sessions)];
		List<String> active = session.tools().names();
		session.touch(active.get(random.next(active.size())));
		return session;
	}

	@Benchmark
	public ActivationResult lookupAndActivate(ThreadRandom random) {
		ToolSession session = this.store.session(this.ids[random.next(this.sessions)]);
		return session.activate(List.of(this.names[random.next(this.names.length)]));
	}

	/** Each thread's own random numbers. */
	@State(Scope.Thread)
	public static class ThreadRandom {

		private final SplittableRandom random = new SplittableRandom();

		int next(int bound) {
			return this.random.nextInt(bound);
		}

	}

}
