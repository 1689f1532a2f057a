package io.github.lazymcp.benchmarks.soak;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.benchmarks.soak.FaultPlan.Fault;
import io.github.lazymcp.benchmarks.soak.FaultPlan.Type;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
	void isTheSameForTheSameLength() {
		assertThat(FaultPlan.of(Duration.ofMinutes(7))).isEqualTo(FaultPlan.of(Duration.ofMinutes(7)));
	}

}
