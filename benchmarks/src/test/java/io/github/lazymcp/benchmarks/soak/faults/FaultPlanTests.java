package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.benchmarks.soak.faults.FaultPlan.Fault;
import io.github.lazymcp.benchmarks.soak.faults.FaultPlan.Type;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FaultPlanTests {

	@Test
	void givesATwoMinuteRunEveryKindOfFault() {
		List<Fault> plan = FaultPlan.of(Duration.ofMinutes(2));

		assertThat(plan).extracting(Fault::type)
			.contains(Type.KILL_STDIO, Type.KILL_HTTP, Type.STOP_DATABASE, Type.SLOW_SERVER, Type.RESTART_INSTANCE);
		assertThat(plan).extracting(Fault::target).contains("remote", "events", "postgresql", "b");
		assertThat(plan).extracting(Fault::at).isSorted();
	}

	@Test
	void stopsTheDatabaseSlowsAServerAndRestartsAnInstanceOnce() {
		List<Fault> plan = FaultPlan.of(Duration.ofMinutes(60));

		assertThat(plan).filteredOn((fault) -> fault.type() == Type.STOP_DATABASE).singleElement();
		assertThat(plan).filteredOn((fault) -> fault.type() == Type.SLOW_SERVER).singleElement();
		assertThat(plan).filteredOn((fault) -> fault.type() == Type.RESTART_INSTANCE).singleElement();
	}

	@Test
	void killsAServerEveryThreeMinutesOfALongRunAndNoneInItsLastHalfMinute() {
		List<Fault> kills = FaultPlan.of(Duration.ofMinutes(60))
			.stream()
			.filter((fault) -> fault.type() == Type.KILL_STDIO || fault.type() == Type.KILL_HTTP)
			.toList();

		assertThat(kills).hasSize(20);
		assertThat(kills.get(1).at() - kills.get(0).at()).isEqualTo(Duration.ofMinutes(3).toMillis());
		assertThat(kills).allSatisfy((kill) -> assertThat(kill.at()).isLessThanOrEqualTo(3_570_000));
		assertThat(kills).extracting(Fault::target)
			.contains("filesystem@a", "memory@b", "remote", "events", "filesystem@b", "memory@a");
	}

	@Test
	void killsNoStdioServerOfTheRestartingInstanceAroundItsRestart() {
		for (int minutes : List.of(2, 10, 60)) {
			List<Fault> plan = FaultPlan.of(Duration.ofMinutes(minutes));
			long restart = plan.stream()
				.filter((fault) -> fault.type() == Type.RESTART_INSTANCE)
				.findFirst()
				.orElseThrow()
				.at();
			assertThat(plan).filteredOn((fault) -> fault.type() == Type.KILL_STDIO)
				.filteredOn((fault) -> fault.at() > restart - 30_000 && fault.at() < restart + 60_000)
				.allSatisfy((fault) -> assertThat(fault.target()).endsWith("@a"));
		}
	}

	@Test
	void keepsTheSlowServerSlowForAMinuteOrAQuarterOfAShorterRun() {
		assertThat(FaultPlan.slowFor(Duration.ofMinutes(60))).isEqualTo(Duration.ofMinutes(1));
		assertThat(FaultPlan.slowFor(Duration.ofMinutes(2))).isEqualTo(Duration.ofSeconds(30));
	}

	@Test
	void killsEachHttpServerTwiceInATwoMinuteRunFarEnoughApartForTheFirstKillToBeOver() {
		List<Fault> plan = FaultPlan.of(Duration.ofMinutes(2));

		for (String server : FaultPlan.HTTP_SERVERS) {
			List<Long> kills = plan.stream()
				.filter((fault) -> fault.type() == Type.KILL_HTTP && fault.target().equals(server))
				.map(Fault::at)
				.toList();
			assertThat(kills).hasSize(2);
			assertThat(kills.get(1) - kills.get(0)).isGreaterThanOrEqualTo(FaultPlan.HTTP_BOUND.toMillis());
		}
	}

	@Test
	void endsEveryPlannedOutageBeforeTheLoadEnds() {
		for (int minutes : List.of(2, 5, 30, 60)) {
			Duration measured = Duration.ofMinutes(minutes);
			assertThat(FaultPlan.of(measured)).allSatisfy((fault) -> assertThat(fault.at() + outage(fault, measured))
				.isLessThanOrEqualTo(measured.toMillis()));
		}
	}

	@Test
	void refusesARunTooShortForThePlan() {
		assertThatIllegalArgumentException().isThrownBy(() -> FaultPlan.of(Duration.ofSeconds(90)))
			.withMessageContaining("--minutes must be at least 2 with --faults on");
	}

	@Test
	void boundsEachFaultFromItsStartBeyondWhatThePlanKeepsDown() {
		Duration measured = Duration.ofMinutes(2);

		assertThat(FaultPlan.bound(Type.KILL_HTTP, measured)).isGreaterThan(FaultPlan.HTTP_DOWN);
		assertThat(FaultPlan.bound(Type.STOP_DATABASE, measured)).isGreaterThan(FaultPlan.DATABASE_DOWN);
		assertThat(FaultPlan.bound(Type.SLOW_SERVER, measured)).isGreaterThan(FaultPlan.slowFor(measured));
		assertThat(FaultPlan.bound(Type.KILL_STDIO, measured)).isEqualTo(Duration.ofSeconds(60));
		assertThat(FaultPlan.bound(Type.RESTART_INSTANCE, measured)).isEqualTo(Duration.ofSeconds(360));
	}

	@Test
	void namesTheServersAFaultTakesAway() {
		assertThat(FaultPlan.affected(Type.KILL_STDIO, "memory@b")).extracting(Object::toString)
			.containsExactly("memory@b");
		assertThat(FaultPlan.affected(Type.KILL_HTTP, "events")).extracting(Object::toString)
			.containsExactly("events@a", "events@b");
		assertThat(FaultPlan.affected(Type.STOP_DATABASE, "postgresql")).extracting(Object::toString)
			.containsExactly("any server@a", "any server@b");
		assertThat(FaultPlan.affected(Type.RESTART_INSTANCE, "b")).extracting(Object::toString)
			.containsExactly("filesystem@b", "memory@b", "remote@b", "events@b");
	}

	/** How long the plan itself keeps what a fault takes away down. */
	private static long outage(Fault fault, Duration measured) {
		return switch (fault.type()) {
			case KILL_HTTP -> FaultPlan.HTTP_DOWN.toMillis();
			case STOP_DATABASE -> FaultPlan.DATABASE_DOWN.toMillis();
			case SLOW_SERVER -> FaultPlan.slowFor(measured).toMillis();
			case KILL_STDIO, RESTART_INSTANCE -> 0;
		};
	}

	@Test
	void isTheSameForTheSameLength() {
		assertThat(FaultPlan.of(Duration.ofMinutes(7))).isEqualTo(FaultPlan.of(Duration.ofMinutes(7)));
	}

}
