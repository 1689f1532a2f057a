package io.github.lazymcp.benchmarks.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Puts a run's figures together into a {@link SoakReport}, judging its targets.
 */
final class ReportAssembly {

	private static final int EXAMPLES = 20;

	private final SoakOptions options;

	private final Traffic traffic;

	private final FaultRunner faults;

	private final MalformedRequests malformed;

	ReportAssembly(SoakOptions options, Traffic traffic, FaultRunner faults, MalformedRequests malformed) {
		this.options = options;
		this.traffic = traffic;
		this.faults = faults;
		this.malformed = malformed;
	}

	SoakReport assemble(double seconds, Map<String, ResourceSample> start, Map<String, ResourceSample> middle,
			Map<String, ResourceSample> end, Map<String, Map<String, Long>> counters, long rowsStart, long rowsEnd) {
		List<Recovery> recoveries = this.faults.recoveries();
		List<InstanceReport> instances = new ArrayList<>();
		for (String name : start.keySet()) {
			boolean restarted = recoveries.stream()
				.anyMatch((recovery) -> recovery.fault().equals("restart-instance") && recovery.target().equals(name));
			instances.add(InstanceReport.of(name, restarted, start.get(name), middle.get(name), end.get(name),
					counters.get(name)));
		}
		Tally tally = this.traffic.tally();
		List<ServerErrors.ServerError> outside = this.traffic.serverErrors().outsideOutages(this.traffic.windows());
		Double heapGrowth = heapGrowth(instances);
		int unexplainedChildren = sum(instances, InstanceReport::unexplainedChildProcesses);
		int leaked = (unexplainedChildren < 0) ? -1 : this.faults.orphans().size() + unexplainedChildren;
		Turns turns = this.traffic.turns();
		double p99 = turns.addedMillis(99);
		Double baseline = baselineP99();
		SoakReport.Judgement judgement = SoakReport.judge(new SoakReport.Figures(tally.count(Tally.Kind.LOST),
				tally.count(Tally.Kind.DOUBLED), tally.count(Tally.Kind.CAP_EXCEEDED), outside.size(), heapGrowth,
				sum(instances, InstanceReport::unexplainedThreads), sum(instances, InstanceReport::fdStart),
				sum(instances, InstanceReport::fdEnd), sum(instances, InstanceReport::unexplainedFileDescriptors),
				leaked, recoveries, p99, baseline));
		return new SoakReport(this.options.measured().toSeconds() / 60.0, this.options.conversations(),
				this.options.faults(), turns.count(), round(turns.count() / seconds), this.traffic.model().requests(),
				round(turns.addedMillis(50)), round(p99), round(turns.modelMillisPerTurn()),
				tally.count(Tally.Kind.LOST), tally.count(Tally.Kind.DOUBLED), tally.count(Tally.Kind.CAP_EXCEEDED),
				tally.count(Tally.Kind.HALF_SUCCEEDED), tally.count(Tally.Kind.UNEXPLAINED), tally.silentEvictions(),
				outside.size(), this.traffic.serverErrors().insideOutages(this.traffic.windows()), tally.errors(),
				this.malformed.sent(), this.malformed.statuses(), heapGrowth,
				sum(instances, InstanceReport::threadsStart), sum(instances, InstanceReport::threadsEnd),
				sum(instances, InstanceReport::childProcessesStart), sum(instances, InstanceReport::childProcessesEnd),
				sum(instances, InstanceReport::fdStart), sum(instances, InstanceReport::fdEnd), rowsStart, rowsEnd,
				instances, recoveries, this.faults.orphans(), baseline, tally.examples(), serverErrorExamples(outside),
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
	 * The largest growth among instances that ran the whole time (all, if none did), or
	 * null when one of them could not be measured.
	 */
	static @Nullable Double heapGrowth(List<InstanceReport> instances) {
		List<InstanceReport> whole = instances.stream().filter((instance) -> !instance.restarted()).toList();
		List<InstanceReport> judged = whole.isEmpty() ? instances : whole;
		if (judged.stream().anyMatch((instance) -> instance.heapGrowthPercent() == null)) {
			return null;
		}
		return judged.stream().mapToDouble(InstanceReport::heapGrowthPercent).max().orElse(0);
	}

	private @Nullable Double baselineP99() {
		if (this.options.baseline() == null) {
			return null;
		}
		try {
			return OpenAiWire.JSON.readTree(Files.readString(this.options.baseline()))
				.path("addedPerTurnP99Ms")
				.asDouble();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The sum over instances; -1 when one of them is -1 (not measured). */
	static int sum(List<InstanceReport> instances, java.util.function.ToIntFunction<InstanceReport> figure) {
		int sum = 0;
		for (InstanceReport instance : instances) {
			int value = figure.applyAsInt(instance);
			if (value < 0) {
				return -1;
			}
			sum += value;
		}
		return sum;
	}

	private static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

}
