package io.github.lazymcp.benchmarks.soak;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class SoakReportTests {

	private static final Recovery FAST = Recovery.of("kill-sse", "events", 10_000, 12_000L, 18_000, 21_000L, 15, null);

	private static final Recovery SLOW = Recovery.of("kill-sse", "events", 10_000, 12_000L, 18_000, 40_000L, 15, null);

	@Test
	void carriesEveryFigureTheIssueAsksForInItsJson() {
		JsonNode json = OpenAiWire.JSON.readTree(report(figures(0, 0, 0, 0, 0), null).toJson());

		assertThat(json.propertyNames()).contains("turns", "turnsPerSecond", "lostActivations", "doubledActivations",
				"capExceeded", "serverErrorsOutsideOutages", "heapGrowthPercent", "threadsStart", "threadsEnd",
				"childProcessesStart", "childProcessesEnd", "fdStart", "fdEnd", "addedPerTurnP50Ms",
				"addedPerTurnP99Ms", "errorsByKind", "serverErrorsInsideOutages", "recoveries", "instances",
				"sharedEmbeddingRowsStart", "sharedEmbeddingRowsEnd", "slowestTurns", "targets", "ciFailures");
		assertThat(json.path("recoveries").get(0).propertyNames()).contains("fault", "target", "at", "backAt",
				"recoverySeconds", "targetSeconds", "met");
		assertThat(json.path("recoveries").get(0).path("recoverySeconds").asDouble()).isEqualTo(3.0);
		assertThat(json.path("instances").get(0).propertyNames()).contains("heapMbStart", "heapMbMiddle", "heapMbEnd",
				"threadsStart", "threadsEnd", "fdStart", "fdEnd", "childProcessesStart", "childProcessesEnd",
				"embeddingCacheVectorsStart", "embeddingCacheVectorsEnd");
	}

	@Test
	void judgesAServerByTheTimeToUpAndRequiresThatItServesACallAgain() {
		Recovery upSoonServedLate = Recovery.ofServer("kill-sse", "events", 10_000, 12_000L, 18_000,
				new RecoveryWatch.Seen(12_000L, 30_000L, 45_000L), 15, null);
		Recovery upLate = Recovery.ofServer("kill-sse", "events", 10_000, 12_000L, 18_000,
				new RecoveryWatch.Seen(12_000L, 34_000L, 36_000L), 15, null);
		Recovery neverServed = Recovery.ofServer("kill-sse", "events", 10_000, 12_000L, 18_000,
				new RecoveryWatch.Seen(12_000L, 20_000L, null), 15, null);

		assertThat(upSoonServedLate.upSeconds()).isEqualTo(12.0);
		assertThat(upSoonServedLate.recoverySeconds()).isEqualTo(27.0);
		assertThat(upSoonServedLate.met()).isTrue();
		assertThat(upLate.met()).isFalse();
		assertThat(neverServed.met()).isFalse();
	}

	@Test
	void passesCiWhenNothingWasLostLeakedOrAnsweredWith5xx() {
		SoakReport.Judgement judgement = SoakReport.judge(figures(0, 0, 0, 0, 0));

		assertThat(judgement.ciFailures()).isEmpty();
		assertThat(judgement.targets()).allMatch(SoakReport.Target::met);
	}

	@Test
	void failsCiOnALostActivation() {
		assertThat(SoakReport.judge(figures(1, 0, 0, 0, 0)).ciFailures()).singleElement()
			.asString()
			.startsWith("0 activations lost");
	}

	@Test
	void failsCiOnAServerErrorOutsideAnOutageWindow() {
		assertThat(SoakReport.judge(figures(0, 1, 0, 0, 0)).ciFailures()).singleElement()
			.asString()
			.startsWith("0 5xx outside outage windows");
	}

	@Test
	void failsCiOnALeakedThreadOrProcess() {
		assertThat(SoakReport.judge(figures(0, 0, 3, 0, 0)).ciFailures()).singleElement()
			.asString()
			.startsWith("threads back to start");
		assertThat(SoakReport.judge(figures(0, 0, 0, 1, 0)).ciFailures()).singleElement()
			.asString()
			.startsWith("child processes back to start");
	}

	@Test
	void failsCiWhenAnInstanceCouldNotBeSampledAtTheEnd() {
		SoakReport.Figures figures = new SoakReport.Figures(0, 0, 0, 0, null, -1, 100, -1, -1, -1, List.of(FAST), 100,
				null);

		SoakReport.Judgement judgement = SoakReport.judge(figures);

		assertThat(judgement.ciFailures()).hasSize(2)
			.allSatisfy((failure) -> assertThat(failure).contains("not measured"));
		assertThat(judgement.targets()).filteredOn((target) -> target.name().startsWith("heap"))
			.singleElement()
			.satisfies((target) -> assertThat(target.met()).isFalse());
	}

	@Test
	void reportsButDoesNotFailCiOnHeapDescriptorsOrASlowRecovery() {
		SoakReport.Figures figures = new SoakReport.Figures(0, 0, 0, 0, 25.0, 0, 100, 120, 20, 0, List.of(SLOW), 100,
				null);

		SoakReport.Judgement judgement = SoakReport.judge(figures);

		assertThat(judgement.ciFailures()).isEmpty();
		assertThat(judgement.targets()).filteredOn((target) -> !target.met())
			.extracting(SoakReport.Target::name)
			.containsExactly("heap growth < 10 % after warm-up",
					"no descriptor growth (beyond extra stdio servers' pipes)", "every fault recovered in time");
	}

	@Test
	void comparesTheP99WithARunWithoutFaultsWhenOneIsGiven() {
		SoakReport.Figures figures = new SoakReport.Figures(0, 0, 0, 0, 0.0, 0, 100, 100, 0, 0, List.of(FAST), 300,
				100.0);

		assertThat(SoakReport.judge(figures).targets()).filteredOn((target) -> target.name().startsWith("p99"))
			.singleElement()
			.satisfies((target) -> {
				assertThat(target.met()).isFalse();
				assertThat(target.value()).contains("3.00×");
			});
	}

	@Test
	void listsEveryTargetInItsTable() {
		SoakReport report = report(figures(0, 0, 0, 0, 0), null);

		assertThat(report.toTable()).contains("| 0 activations lost | 0 lost | yes |",
				"| kill-sse events at 10 s | 3.0 s |", "| turns (per second) | 1,200 (10.0) |");
	}

	private static SoakReport.Figures figures(long lost, long serverErrors, int threadGrowth, int leaked,
			int fdGrowth) {
		return new SoakReport.Figures(lost, 0, 0, serverErrors, 2.5, threadGrowth, 100, 100 + fdGrowth, fdGrowth,
				leaked, List.of(FAST), 120, null);
	}

	private static SoakReport report(SoakReport.Figures figures, @Nullable Double baseline) {
		SoakReport.Judgement judgement = SoakReport.judge(figures);
		ResourceSample sample = new ResourceSample(42, 80L << 20, 200, 400, 2, List.of("node filesystem"),
				Map.of("lazy-mcp-#", 4), 154, 0);
		InstanceReport instance = InstanceReport.of("a", false, sample, sample, sample, Map.of("evictions", 7L));
		return new SoakReport(2, 32, true, 1200, 10.0, 4000, 40, 120, 1.5, figures.lost(), 0, 0, 0, 0, Map.of(),
				figures.serverErrors(), Map.of(), Map.of(), 52, Map.of("4xx", 52L), 2.5, 200, 200, 2, 2, 400, 400, 154,
				160, List.of(instance), List.of(FAST), List.of(), baseline, List.of(), List.of(), List.of(),
				judgement.targets(), judgement.ciFailures());
	}

}
