package io.github.lazymcp.benchmarks.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.faults.FaultRunner;
import io.github.lazymcp.benchmarks.soak.faults.Recovery;
import io.github.lazymcp.benchmarks.soak.fleet.ResourceSample;
import io.github.lazymcp.benchmarks.soak.judge.CheckedSteps;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import io.github.lazymcp.benchmarks.soak.judge.Incidents;
import io.github.lazymcp.benchmarks.soak.judge.InstanceReport;
import io.github.lazymcp.benchmarks.soak.judge.PerUserCalls;
import io.github.lazymcp.benchmarks.soak.judge.ServerErrors;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import io.github.lazymcp.benchmarks.soak.judge.Turns;
import io.github.lazymcp.benchmarks.soak.load.MalformedRequests;
import io.github.lazymcp.benchmarks.soak.load.Traffic;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Puts a run's figures together into a {@link SoakReport}, judging its targets
 * ({@link Verdict}).
 */
final class ReportAssembly {

	private static final int EXAMPLES = 20;

	private final SoakOptions options;

	private final Traffic traffic;

	private final FaultRunner faults;

	private final MalformedRequests malformed;

	private final List<String> startFailures;

	private final PerUserCalls.Summary perUser;

	ReportAssembly(SoakOptions options, Traffic traffic, FaultRunner faults, MalformedRequests malformed,
			List<String> startFailures, PerUserCalls.Summary perUser) {
		this.perUser = perUser;
		this.options = options;
		this.traffic = traffic;
		this.faults = faults;
		this.malformed = malformed;
		this.startFailures = List.copyOf(startFailures);
	}

	SoakReport assemble(double seconds, Map<String, ResourceSample> start, Map<String, ResourceSample> middle,
			Map<String, ResourceSample> end, Map<String, Map<String, Long>> counters, long rowsStart, long rowsEnd) {
		List<Recovery> recoveries = this.faults.recoveries();
		List<InstanceReport> instances = new ArrayList<>();
		for (String name : start.keySet()) {
			boolean restarted = recoveries.stream()
				.anyMatch((recovery) -> recovery.type() == FaultPlan.Type.RESTART_INSTANCE
						&& recovery.target().equals(name) && recovery.injected());
			instances.add(InstanceReport.of(name, restarted, start.get(name), middle.get(name), end.get(name),
					counters.get(name)));
		}
		Tally tally = this.traffic.tally();
		FaultWindows windows = this.traffic.windows();
		List<ServerErrors.ServerError> outside = this.traffic.serverErrors().outsideOutages(windows);
		List<Incidents.Incident> unexplained = this.traffic.incidents().unexplained(windows);
		Turns turns = this.traffic.turns();
		double p99 = turns.addedMillis(99);
		Double baseline = baselineP99();
		CheckedSteps steps = this.traffic.steps();
		SoakReport.Judgement judgement = Verdict.judge(new Verdict.Evidence(tally, this.traffic.serverErrors(),
				this.traffic.incidents(), windows, recoveries, this.startFailures, steps, turns.count(),
				EvidenceFloors.of(this.options), instances, this.faults.orphans(), p99, baseline, this.perUser));
		return new SoakReport(this.options.measured().toSeconds() / 60.0, this.options.conversations(),
				this.options.faults(), turns.count(), round(turns.count() / seconds), this.traffic.model().requests(),
				round(turns.addedMillis(50)), round(p99), round(turns.modelMillisPerTurn()),
				tally.count(Tally.Kind.LOST), tally.count(Tally.Kind.DOUBLED), tally.count(Tally.Kind.CAP_EXCEEDED),
				tally.count(Tally.Kind.LEFT_OUT), tally.count(Tally.Kind.HALF_SUCCEEDED),
				tally.count(Tally.Kind.UNEXPLAINED), steps.activations(), steps.stamped(), steps.unstamped(),
				tally.silentEvictions(), outside.size(), this.traffic.serverErrors().insideOutages(windows),
				unexplained.size(), this.traffic.incidents().explained(windows),
				this.traffic.toolTurns().share(windows), tally.errors(), tally.harnessErrors(), this.malformed.sent(),
				this.malformed.statuses(), InstanceReport.heapGrowth(instances),
				InstanceReport.sum(instances, InstanceReport::threadsStart),
				InstanceReport.sum(instances, InstanceReport::threadsEnd),
				InstanceReport.sum(instances, InstanceReport::childProcessesStart),
				InstanceReport.sum(instances, InstanceReport::childProcessesEnd),
				InstanceReport.sum(instances, InstanceReport::fdStart),
				InstanceReport.sum(instances, InstanceReport::fdEnd), rowsStart, rowsEnd, instances, recoveries,
				this.startFailures, this.faults.orphans(), baseline, tally.examples(), serverErrorExamples(outside),
				unexplained.stream().limit(EXAMPLES).map(Object::toString).toList(),
				this.traffic.slowTurns().descriptions(), judgement.targets(), judgement.ciFailures());
	}

	private List<String> serverErrorExamples(List<ServerErrors.ServerError> outside) {
		List<String> examples = new ArrayList<>();
		outside.stream().limit(EXAMPLES / 2).forEach((error) -> examples.add("outside outage windows: " + error));
		this.traffic.serverErrors()
			.all()
			.stream()
			.filter((error) -> !outside.contains(error))
			.limit(EXAMPLES / 2)
			.forEach((error) -> examples.add("inside an outage window: " + error));
		return examples;
	}

	/**
	 * The baseline's p99: from a soak's report as {@code --json} prints it, or from the
	 * one result of a results file {@code --results} wrote.
	 */
	private @Nullable Double baselineP99() {
		if (this.options.baseline() == null) {
			return null;
		}
		try {
			JsonNode baseline = OpenAiWire.JSON.readTree(Files.readString(this.options.baseline()));
			JsonNode report = baseline.path("results").isArray() ? baseline.path("results").path(0) : baseline;
			return report.path("addedPerTurnP99Ms").asDouble();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

}
