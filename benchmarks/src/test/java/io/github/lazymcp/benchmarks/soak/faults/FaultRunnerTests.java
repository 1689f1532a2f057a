package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.github.lazymcp.benchmarks.soak.faults.FaultPlan.Fault;
import io.github.lazymcp.benchmarks.soak.faults.FaultPlan.Type;
import io.github.lazymcp.benchmarks.soak.fleet.Pause;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FaultRunnerTests {

	private static final Duration MEASURED = FaultPlan.SHORTEST_RUN;

	private final AtomicLong clock = new AtomicLong(10_000);

	private final FaultWindows windows = new FaultWindows(this.clock::get);

	private final FakeFleet fleet = new FakeFleet();

	private final FakeWatch watch = new FakeWatch(this.clock);

	private final FaultRunner runner = new FaultRunner(this.fleet, this.watch, this.windows,
			ConcurrentHashMap.newKeySet(), MEASURED, (millis) -> this.clock.addAndGet(Math.max(0, millis)));

	@Test
	void recordsAKilledServerServedAgainWithinItsBoundFromTheKill() {
		this.runner.inject(new Fault(0, Type.KILL_HTTP, "events"));

		assertThat(this.runner.recoveries()).singleElement().satisfies((recovery) -> {
			assertThat(recovery.injected()).isTrue();
			assertThat(recovery.servedSeconds())
				.isEqualTo((FaultPlan.HTTP_DOWN.toMillis() + FakeWatch.RECOVERY) / 1000.0);
			assertThat(recovery.withinBound()).isTrue();
		});
		assertThat(this.fleet.done).containsExactly("kill events", "start events");
	}

	@Test
	void recordsAKillThatFoundNoProcessAsNotInjectedAndDeclaresNoOutageForIt() {
		this.fleet.noStdioProcess = true;

		this.runner.inject(new Fault(0, Type.KILL_STDIO, "memory@b"));

		assertThat(this.runner.recoveries()).singleElement().satisfies((recovery) -> {
			assertThat(recovery.injected()).isFalse();
			assertThat(recovery.withinBound()).isFalse();
			assertThat(recovery.recoverySeconds()).isNull();
			assertThat(recovery.note()).isEqualTo("no process of the server was found");
		});
		assertThat(this.windows.all()).isEmpty();
	}

	@Test
	void recordsAFaultThatThrewAsNotInjectedAndEndsItsOutageWindow() {
		this.fleet.httpDoesNotListen = true;

		this.runner.inject(new Fault(0, Type.KILL_HTTP, "remote"));

		assertThat(this.runner.recoveries()).singleElement()
			.satisfies((recovery) -> assertThat(recovery.note()).startsWith("the harness failed")
				.contains("Nothing listens on port"));
		assertThat(this.windows.all()).singleElement()
			.satisfies((window) -> assertThat(window.end()).isLessThan(Long.MAX_VALUE));
	}

	@Test
	void judgesAServerThatNeverServesAgainAsOutsideItsBound() {
		this.watch.neverBack.add("filesystem");

		this.runner.inject(new Fault(0, Type.KILL_STDIO, "filesystem@a"));

		assertThat(this.runner.recoveries()).singleElement().satisfies((recovery) -> {
			assertThat(recovery.injected()).isTrue();
			assertThat(recovery.servedSeconds()).isNull();
			assertThat(recovery.withinBound()).isFalse();
		});
	}

	@Test
	void countsTheBoundFromTheFaultsOwnStartNotFromWhenTheServerWasBack() {
		// served 41 s after the server was back: within 48 s of its return, not of its
		// kill 8 s earlier
		FaultWatch late = servedAfter(41_000);
		FaultRunner runner = new FaultRunner(this.fleet, late, this.windows, ConcurrentHashMap.newKeySet(), MEASURED,
				(millis) -> this.clock.addAndGet(millis));

		runner.inject(new Fault(0, Type.KILL_HTTP, "remote"));

		assertThat(runner.recoveries()).singleElement().satisfies((recovery) -> {
			assertThat(recovery.recoverySeconds()).isEqualTo(41.0);
			assertThat(recovery.servedSeconds()).isEqualTo(49.0);
			assertThat(recovery.boundSeconds()).isEqualTo(48.0);
			assertThat(recovery.withinBound()).isFalse();
		});
	}

	@Test
	void extendsTheBoundOfAFaultByTheTimeTheSessionDatabaseWasDownInItsWindow() {
		FaultRunner runner = new FaultRunner(this.fleet, servedAfter(41_000), this.windows,
				ConcurrentHashMap.newKeySet(), MEASURED, (millis) -> this.clock.addAndGet(millis));
		long kill = this.clock.get();
		runner.inject(new Fault(0, Type.KILL_HTTP, "remote"));
		// PostgreSQL stopped 20 s after the kill, and never served again: down until its
		// bound, so 28 s of the kill's 48 s window
		this.clock.set(kill + 20_000);
		runner.inject(new Fault(20_000, Type.STOP_DATABASE, "postgresql"));

		assertThat(runner.recoveries()).hasSize(2).first().satisfies((recovery) -> {
			assertThat(recovery.servedSeconds()).isEqualTo(49.0);
			assertThat(recovery.boundSeconds()).isEqualTo(48.0 + 28.0);
			assertThat(recovery.withinBound()).isTrue();
			assertThat(recovery.note()).contains("the session database was down");
		});
		assertThat(runner.recoveries().get(1).boundSeconds()).isEqualTo(50.0);
	}

	@Test
	void leavesTheBoundOfAFaultWhoseWindowEndedBeforeTheDatabaseStopped() {
		FaultRunner runner = new FaultRunner(this.fleet, servedAfter(41_000), this.windows,
				ConcurrentHashMap.newKeySet(), MEASURED, (millis) -> this.clock.addAndGet(millis));
		long kill = this.clock.get();
		runner.inject(new Fault(0, Type.KILL_HTTP, "remote"));
		this.clock.set(kill + 48_500);
		runner.inject(new Fault(48_500, Type.STOP_DATABASE, "postgresql"));

		assertThat(runner.recoveries()).first().satisfies((recovery) -> {
			assertThat(recovery.boundSeconds()).isEqualTo(48.0);
			assertThat(recovery.withinBound()).isFalse();
		});
	}

	@Test
	void endsTheDatabaseWindowAtItsBoundWhenSessionsNeverComeBack() {
		this.watch.neverBack.add("postgresql");
		long start = this.clock.get();

		this.runner.inject(new Fault(0, Type.STOP_DATABASE, "postgresql"));

		long bound = FaultPlan.DATABASE_BOUND.toMillis();
		assertThat(this.clock.get()).isGreaterThan(start + bound);
		assertThat(this.windows.databaseDown(start + bound - 1)).isTrue();
		assertThat(this.windows.databaseDown(start + bound + 1)).isFalse();
		assertThat(this.fleet.done).containsExactly("stop postgresql", "start postgresql");
	}

	@Test
	void recordsAPlannedFaultTheRunEndedBeforeAsNotInjected() throws InterruptedException {
		FaultRunner runner = new FaultRunner(this.fleet, this.watch, this.windows, ConcurrentHashMap.newKeySet(),
				MEASURED, Pause::millis);
		runner.start(List.of(new Fault(60_000, Type.KILL_STDIO, "memory@a")));

		assertThat(runner.await(Duration.ofMillis(1))).isFalse();

		assertThat(runner.recoveries()).singleElement().satisfies((recovery) -> {
			assertThat(recovery.injected()).isFalse();
			assertThat(recovery.note()).isEqualTo("not run: the run ended before it");
		});
		assertThat(this.fleet.done).isEmpty();
	}

	@Test
	void putsARestartedInstanceBackInServiceOnceItAnswersAndEndsItsWindowWhenItServes() {
		// A server killed while the instance waits to serve again must be watched there
		// too: it takes traffic from the moment it answers (CI, 2026-11-30).
		Set<String> out = ConcurrentHashMap.newKeySet();
		List<String> seen = new ArrayList<>();
		this.watch.onServing = (instance) -> {
			boolean open = this.windows.all()
				.stream()
				.anyMatch((window) -> window.target().equals(instance) && window.end() == Long.MAX_VALUE);
			seen.add((out.contains(instance) ? "out" : "in service") + ", window " + (open ? "open" : "closed"));
		};
		FaultRunner runner = new FaultRunner(this.fleet, this.watch, this.windows, out, MEASURED,
				(millis) -> this.clock.addAndGet(Math.max(0, millis)));

		runner.inject(new Fault(0, Type.RESTART_INSTANCE, "b"));

		assertThat(seen).containsExactly("in service, window open");
		assertThat(out).isEmpty();
		assertThat(this.windows.all()).singleElement()
			.satisfies((window) -> assertThat(window.end()).isLessThan(Long.MAX_VALUE));
	}

	@Test
	void restartsAnInstanceOnlyOnceAnOutageOfWhatItNeedsToStartIsOver() throws InterruptedException {
		Overlaps overlaps = new Overlaps();
		Runnable outage = overlaps.outage();
		AtomicBoolean restarted = new AtomicBoolean();
		Thread restart = new Thread(() -> {
			overlaps.restart().run();
			restarted.set(true);
		});
		restart.start();
		while (restart.getState() != Thread.State.TIMED_WAITING && restart.isAlive()) {
			Thread.onSpinWait();
		}

		assertThat(restarted).isFalse();
		outage.run();
		restart.join();
		assertThat(restarted).isTrue();
	}

	private FaultWatch servedAfter(long millis) {
		return new FaultWatch() {

			@Override
			public @Nullable Long down(String server, long until) {
				FaultRunnerTests.this.clock.set(until);
				return until;
			}

			@Override
			public RecoveryWatch.Seen server(String server, List<String> instances) {
				long served = FaultRunnerTests.this.clock.addAndGet(millis);
				return new RecoveryWatch.Seen(null, served, served);
			}

			@Override
			public @Nullable Long sessions() {
				return null;
			}

			@Override
			public String sessionStatus(String instance) {
				return "200";
			}

			@Override
			public @Nullable Long serving(String instance) {
				return null;
			}

		};
	}

}
