package io.github.lazymcp.benchmarks.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Deque;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.DoubleSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class RunHeaderTests {

	private static final String CPUINFO = """
			processor	: 0
			vendor_id	: AuthenticAMD
			model name	: AMD EPYC 7B13
			processor	: 1
			model name	: AMD EPYC 7B13
			""";

	@TempDir
	Path folder;

	@Test
	void theHeaderTakesTheCommitTheDateTheLoadAndTheMachineFromItsSources() {
		Properties git = new Properties();
		git.setProperty("git.commit.id", "64ec1ea5b1d3f0c2a9e8d7c6b5a4f3e2d1c0b9a8");
		git.setProperty("git.dirty", "true");
		RunSources sources = new RunSources(Clock.fixed(Instant.parse("2026-12-02T09:14:03.750Z"), ZoneOffset.UTC),
				loads(0.42, 1.31), () -> CPUINFO, () -> git);

		RunHeader header = RunHeader.start(List.of("eval", "--ranker", "all"), this.folder, sources).finish();

		assertThat(header.command()).isEqualTo("eval --ranker all");
		assertThat(header.commit()).isEqualTo("64ec1ea5b1d3f0c2a9e8d7c6b5a4f3e2d1c0b9a8");
		assertThat(header.shortCommit()).isEqualTo("64ec1ea");
		assertThat(header.dirty()).isTrue();
		assertThat(header.date()).isEqualTo(Instant.parse("2026-12-02T09:14:03Z"));
		assertThat(header.load()).isEqualTo(new RunHeader.Load(0.42, 1.31));
		assertThat(header.load().marked()).isFalse();
		assertThat(header.machine()).isEqualTo(new Machine(Runtime.getRuntime().availableProcessors(), "AMD EPYC 7B13",
				header.machine().memoryGb(), System.getProperty("java.version"),
				System.getProperty("os.name") + " " + System.getProperty("os.arch")));
		assertThat(header.machine().memoryGb()).isPositive();
	}

	@Test
	void withoutGitPropertiesOrCpuModelTheyAreUnknownAndTheTreeNotDirty() {
		RunSources sources = new RunSources(Clock.systemUTC(), loads(0.5), () -> "", Properties::new);

		RunHeader header = RunHeader.start(List.of("route"), this.folder, sources).finish();

		assertThat(header.commit()).isEqualTo("unknown");
		assertThat(header.shortCommit()).isEqualTo("unknown");
		assertThat(header.dirty()).isFalse();
		assertThat(header.machine().cpu()).isEqualTo("unknown");
		assertThat(header.provenance()).contains("commit unknown");
	}

	@Test
	void absolutePathsOfTheCommandBecomeRelativeToTheWorkingDirectoryAndResultsIsLeftOut() {
		List<String> typed = List.of("gate", "--eval", "/repo/shared/eval", "--capabilities", "/repo/main/samples/caps",
				"--intents", "/repo/main/a.json,/repo/main/b.json", "--floors", "benchmarks/quality-floors.json",
				"--results", "/tmp/out/gate.json", "-p", "folder=/repo/main", "--query", "what's up");

		String command = RunHeader.command(typed, Path.of("/repo/main"));

		assertThat(command).isEqualTo("gate --eval ../shared/eval --capabilities samples/caps --intents a.json,b.json "
				+ "--floors benchmarks/quality-floors.json -p folder=. --query 'what'\\''s up'");
	}

	@Test
	void aRunWhoseLoadWentAboveTwoIsMarkedAndOneAtTwoIsNot() {
		LoadSampler busy = new LoadSampler(loads(0.4, 1.9, 2.6, 1.0));
		busy.sample();
		busy.sample();
		LoadSampler atTwo = new LoadSampler(loads(1.5, 2.0));

		RunHeader.Load busyLoad = busy.stop();
		RunHeader.Load atTwoLoad = atTwo.stop();

		assertThat(busyLoad).isEqualTo(new RunHeader.Load(0.4, 2.6));
		assertThat(busyLoad.marked()).isTrue();
		assertThat(header(busyLoad).provenance()).endsWith(" · load 0.40–2.60 · ⚠ taken at load 2.60 (above 2)");
		assertThat(atTwoLoad.marked()).isFalse();
		assertThat(header(atTwoLoad).provenance()).endsWith(" · load 1.50–2").doesNotContain("⚠");
	}

	@Test
	void anUnknownLoadIsNeitherAFigureNorMarked() {
		RunHeader.Load load = new LoadSampler(loads(-1)).stop();

		assertThat(load.marked()).isFalse();
		assertThat(header(load).provenance()).endsWith(" · load unknown");
	}

	@Test
	void theProvenanceLineNamesTheCommandCommitDirtyTreeDateAndLoad() {
		RunHeader header = new RunHeader("eval --dataset ../shared/eval/livemcpbench-dev.json --ranker all",
				"64ec1ea5b1d3f0c2a9e8d7c6b5a4f3e2d1c0b9a8", true, Instant.parse("2026-12-02T09:14:03Z"),
				new RunHeader.Load(0.42, 1.31), new Machine(2, "AMD EPYC 7B13", 24, "17.0.15", "Linux amd64"));

		assertThat(header.provenance()).isEqualTo(
				"`eval --dataset ../shared/eval/livemcpbench-dev.json --ranker all` · 64ec1ea (dirty) · 2026-12-02 · load 0.42–1.31");
	}

	@Test
	void theSamplerSamplesEveryPeriodOnADaemonThread() throws Exception {
		Thread test = Thread.currentThread();
		CountDownLatch sampledTwice = new CountDownLatch(2);
		AtomicBoolean daemon = new AtomicBoolean(true);
		LoadSampler sampler = LoadSampler.start(() -> {
			if (Thread.currentThread() == test) {
				return 1.0;
			}
			daemon.compareAndSet(true, Thread.currentThread().isDaemon());
			sampledTwice.countDown();
			return 3.0;
		}, Duration.ofMillis(1));

		assertThat(sampledTwice.await(10, TimeUnit.SECONDS)).isTrue();
		RunHeader.Load load = sampler.stop();

		assertThat(daemon).isTrue();
		assertThat(load).isEqualTo(new RunHeader.Load(1.0, 3.0));
	}

	@Test
	void theSystemSourcesReadProcFilesAndAMissingResourceIsEmpty() throws Exception {
		Path loadavg = Files.writeString(this.folder.resolve("loadavg"), "0.42 0.50 0.61 1/123 4567\n");

		assertThat(RunSources.loadAverage(loadavg)).isEqualTo(0.42);
		assertThat(Machine.cpuModel(CPUINFO)).isEqualTo("AMD EPYC 7B13");
		assertThat(RunSources.properties("/io/github/lazymcp/benchmarks/no-such.properties")).isEmpty();
	}

	private static RunHeader header(RunHeader.Load load) {
		return new RunHeader("route", "unknown", false, Instant.parse("2026-12-02T09:14:03Z"), load,
				new Machine(2, "cpu", 24, "17", "Linux amd64"));
	}

	/** The loads given, in order, then the last one again. */
	private static DoubleSupplier loads(double... values) {
		Deque<Double> queue = new ConcurrentLinkedDeque<>();
		for (double value : values) {
			queue.add(value);
		}
		return () -> (queue.size() > 1) ? queue.poll() : queue.peek();
	}

}
