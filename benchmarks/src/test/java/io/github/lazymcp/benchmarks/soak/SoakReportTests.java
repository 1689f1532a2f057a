package io.github.lazymcp.benchmarks.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.faults.Recovery;
import io.github.lazymcp.benchmarks.soak.faults.RecoveryWatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class SoakReportTests {

	private static final FaultPlan.Fault KILL_SSE = new FaultPlan.Fault(0, FaultPlan.Type.KILL_HTTP, "events");

	private final SoakRun run = new SoakRun();

	@AfterEach
	void close() {
		this.run.close();
	}

	@Test
	void carriesEveryFigureTheIssueAsksForInItsJson() {
		JsonNode json = this.run.pass().toJsonObject();

		assertThat(json.propertyNames()).contains("turns", "turnsPerSecond", "lostActivations", "doubledActivations",
				"capExceeded", "toldToolsLeftOut", "checkedActivations", "stepsStamped", "stepsUnstamped",
				"serverErrorsOutsideOutages", "incidentsUnexplained", "incidentsExplained", "harnessErrors",
				"heapGrowthPercent", "threadsStart", "threadsEnd", "childProcessesStart", "childProcessesEnd",
				"fdStart", "fdEnd", "addedPerTurnP50Ms", "addedPerTurnP99Ms", "errorsByKind",
				"serverErrorsInsideOutages", "recoveries", "startFailures", "instances", "sharedEmbeddingRowsStart",
				"sharedEmbeddingRowsEnd", "slowestTurns", "targets", "ciFailures", "turnsWithToolResult");
		assertThat(json.path("turnsWithToolResult").propertyNames()).contains("duringFaults", "outsideFaults",
				"byFault");
		assertThat(json.path("recoveries").get(0).propertyNames()).contains("fault", "target", "at", "injected",
				"backAt", "recoverySeconds", "servedSeconds", "boundSeconds", "withinBound", "targetSeconds", "met");
		assertThat(json.path("instances").get(0).propertyNames()).contains("heapMbStart", "heapMbMiddle", "heapMbEnd",
				"threadsStart", "threadsEnd", "fdStart", "fdEnd", "childProcessesStart", "childProcessesEnd",
				"embeddingCacheVectorsStart", "embeddingCacheVectorsEnd", "httpClientsStart", "httpClientsEnd");
	}

	@Test
	void judgesTheIssuesServerTargetByTheTimeToUpAndRequiresThatItServesACallAgain() {
		Recovery upSoonServedLate = Recovery.ofServer(KILL_SSE, 10_000, 12_000L, 18_000,
				new RecoveryWatch.Seen(12_000L, 30_000L, 45_000L), 48_000, 15, null);
		Recovery upLate = Recovery.ofServer(KILL_SSE, 10_000, 12_000L, 18_000,
				new RecoveryWatch.Seen(12_000L, 34_000L, 36_000L), 48_000, 15, null);
		Recovery neverServed = Recovery.ofServer(KILL_SSE, 10_000, 12_000L, 18_000,
				new RecoveryWatch.Seen(12_000L, 20_000L, null), 48_000, 15, null);

		assertThat(upSoonServedLate.upSeconds()).isEqualTo(12.0);
		assertThat(upSoonServedLate.recoverySeconds()).isEqualTo(27.0);
		assertThat(upSoonServedLate.servedSeconds()).isEqualTo(35.0);
		assertThat(upSoonServedLate.met()).isTrue();
		assertThat(upSoonServedLate.withinBound()).isTrue();
		assertThat(upLate.met()).isFalse();
		assertThat(upLate.withinBound()).isTrue();
		assertThat(neverServed.met()).isFalse();
		assertThat(neverServed.withinBound()).isFalse();
	}

	@Test
	void listsEveryTargetAndEveryFaultInItsTable() {
		String table = this.run.pass().toTable();

		assertThat(table).contains("| 0 activations lost | 0 lost | yes |",
				"| 0 told tools left out while their server was UP | 0 times | yes |",
				"| every planned fault injected | 0 not injected | yes |",
				"| kill-stdio filesystem@a at 1.0 s | `UP` 4.0 s after back, served 5.0 s after the fault (bound 60 s) |",
				"| turns (per second) | 4 (0.0) |");
		assertThat(table).as("a killed HTTP server is back once it listens again, after its time down")
			.containsPattern("\\| kill-streamable-http remote at [0-9.]+ s \\| back 8\\.0 s after the fault, "
					+ "`UP` 4\\.0 s after back, served 13\\.0 s after the fault \\(bound 48 s\\) \\|");
	}

	@Test
	void readsTheBaselinesP99FromItsJsonOrFromTheResultsFileOfItsRun(@TempDir Path folder) throws IOException {
		String baseline = "{\"minutes\":60.0,\"addedPerTurnP99Ms\":2577.5}";
		this.run.baseline = Files.writeString(folder.resolve("off.json"), baseline);
		assertThat(this.run.pass().baselineP99Ms()).isEqualTo(2577.5);

		this.run.baseline = Files.writeString(folder.resolve("off-results.json"),
				"{\"header\":{},\"results\":[" + baseline.replace("2577.5", "2400.0") + "]}");
		assertThat(this.run.report().baselineP99Ms()).isEqualTo(2400.0);
	}

	@Test
	void marksAFaultThatWasNotInjectedInItsTable() {
		this.run.fleet.noStdioProcess = true;

		assertThat(this.run.pass().toTable())
			.contains("| kill-stdio filesystem@a at 1.0 s | **not injected**: no process of the server was found |");
	}

}
