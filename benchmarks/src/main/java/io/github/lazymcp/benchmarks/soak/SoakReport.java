package io.github.lazymcp.benchmarks.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything a soak run measured, as one JSON object (keys in declaration order) or a
 * Markdown table, with the targets judged. The CI failures are the subset of
 * targets a short CI run must not miss: a lost activation, a 5xx outside an outage
 * window, a leaked process or thread.
 *
 * @param minutes the measured load's length
 * @param conversations concurrent conversations
 * @param faults whether faults were injected
 * @param turns user turns answered with 200 while measuring
 * @param turnsPerSecond their rate
 * @param modelRequests requests the scripted model answered over the whole run
 * @param addedPerTurnP50Ms the median time the application added to a turn (see
 * {@link Turns})
 * @param addedPerTurnP99Ms its 99th percentile
 * @param modelMsPerTurn the scripted model's own time per turn, on average
 * @param lostActivations told tools missing where the ledger's rules say they must be
 * @param doubledActivations a tool twice in a request or a session
 * @param capExceeded more deferred tools than the cap in a request, result or session
 * @param halfSucceeded tools appearing after an error result
 * @param unexplainedAppearances tools appearing within a turn without a cause, and
 * malformed or unknown calls answered without an error
 * @param silentEvictions told tools evicted without a report, by cause (allowed)
 * @param serverErrorsOutsideOutages 5xx answers no declared outage window excuses
 * @param serverErrorsInsideOutages 5xx answers inside windows, by source
 * @param errorsByKind every other error, by kind
 * @param malformedRequests how many were sent
 * @param malformedAnswers how they were answered, by status class
 * @param heapGrowthPercent heap growth from start to end of the instances that ran the
 * whole time, or null when one could not be sampled
 * @param threadsStart threads of both instances at the start
 * @param threadsEnd at the end
 * @param childProcessesStart child processes of both instances at the start
 * @param childProcessesEnd at the end
 * @param fdStart open file descriptors of both instances at the start
 * @param fdEnd at the end
 * @param sharedEmbeddingRowsStart rows of {@code lazy_mcp_embedding} at the start
 * @param sharedEmbeddingRowsEnd at the end
 * @param instances each instance
 * @param recoveries one per fault
 * @param orphanedProcesses processes that outlived a stopped instance
 * @param baselineP99Ms the same run's p99 without faults, when given
 * @param violations the first violations, with time and conversation
 * @param serverErrorExamples the first 5xx answers outside outage windows, then the first
 * inside them
 * @param slowestTurns the slowest turns while measuring, with where their time went
 * @param targets each target, met or not
 * @param ciFailures the failed targets that fail CI
 */
record SoakReport(double minutes, int conversations, boolean faults, long turns, double turnsPerSecond,
		long modelRequests, double addedPerTurnP50Ms, double addedPerTurnP99Ms, double modelMsPerTurn,
		long lostActivations, long doubledActivations, long capExceeded, long halfSucceeded,
		long unexplainedAppearances, Map<String, Long> silentEvictions, long serverErrorsOutsideOutages,
		Map<String, Long> serverErrorsInsideOutages, Map<String, Long> errorsByKind, long malformedRequests,
		Map<String, Long> malformedAnswers, @Nullable Double heapGrowthPercent, int threadsStart, int threadsEnd,
		int childProcessesStart, int childProcessesEnd, int fdStart, int fdEnd, long sharedEmbeddingRowsStart,
		long sharedEmbeddingRowsEnd, List<InstanceReport> instances, List<Recovery> recoveries,
		List<String> orphanedProcesses, @Nullable Double baselineP99Ms, List<String> violations,
		List<String> serverErrorExamples, List<String> slowestTurns, List<Target> targets, List<String> ciFailures) {

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	/** The most heap may grow from start to end. */
	static final double HEAP_GROWTH_LIMIT = 10;

	String toJson() {
		return JSON.writeValueAsString(this);
	}

	/**
	 * The report as a Markdown table: the figures, then each target.
	 * @return the table
	 */
	String toTable() {
		StringBuilder table = new StringBuilder("| measure | value |\n| --- | ---: |\n");
		row(table, "minutes, conversations, faults",
				String.format(Locale.ROOT, "%s, %d, %s", this.minutes, this.conversations, this.faults ? "on" : "off"));
		row(table, "turns (per second)", String.format(Locale.ROOT, "%,d (%.1f)", this.turns, this.turnsPerSecond));
		row(table, "added per turn p50 / p99",
				String.format(Locale.ROOT, "%.0f / %.0f ms", this.addedPerTurnP50Ms, this.addedPerTurnP99Ms));
		row(table, "activations lost / doubled / cap exceeded", String.format(Locale.ROOT, "%d / %d / %d",
				this.lostActivations, this.doubledActivations, this.capExceeded));
		row(table, "half-succeeded / unexplained",
				String.format(Locale.ROOT, "%d / %d", this.halfSucceeded, this.unexplainedAppearances));
		row(table, "silent evictions", this.silentEvictions.toString());
		row(table, "5xx outside / inside outage windows",
				String.format(Locale.ROOT, "%d / %s", this.serverErrorsOutsideOutages, this.serverErrorsInsideOutages));
		row(table, "malformed requests (answers)",
				String.format(Locale.ROOT, "%d %s", this.malformedRequests, this.malformedAnswers));
		for (InstanceReport instance : this.instances) {
			row(table, "heap after GC, instance " + instance.name() + (instance.restarted() ? " (restarted)" : ""),
					String.format(Locale.ROOT, "%.1f → %.1f → %.1f MiB (%+.1f %%)", instance.heapMbStart(),
							instance.heapMbMiddle(), instance.heapMbEnd(), instance.heapGrowthPercent()));
		}
		row(table, "threads / fds / child processes, start → end",
				String.format(Locale.ROOT, "%d → %d / %d → %d / %d → %d", this.threadsStart, this.threadsEnd,
						this.fdStart, this.fdEnd, this.childProcessesStart, this.childProcessesEnd));
		for (InstanceReport instance : this.instances) {
			row(table, "embedding cache vectors, instance " + instance.name() + ", start → end",
					String.format(Locale.ROOT, "%d → %d", instance.embeddingCacheVectorsStart(),
							instance.embeddingCacheVectorsEnd()));
		}
		row(table, "shared embedding rows, start → end",
				String.format(Locale.ROOT, "%d → %d", this.sharedEmbeddingRowsStart, this.sharedEmbeddingRowsEnd));
		for (Recovery recovery : this.recoveries) {
			row(table,
					String.format(Locale.ROOT, "%s %s at %.0f s", recovery.fault(), recovery.target(), recovery.at()),
					recoveryCell(recovery));
		}
		table.append("\n| target | value | met |\n| --- | --- | --- |\n");
		for (Target target : this.targets) {
			table.append("| ")
				.append(target.name())
				.append(" | ")
				.append(target.value())
				.append(" | ")
				.append(target.met() ? "yes" : "**no**")
				.append(" |\n");
		}
		return table.toString();
	}

	private static String recoveryCell(Recovery recovery) {
		String served = (recovery.recoverySeconds() != null)
				? String.format(Locale.ROOT, "%.1f s", recovery.recoverySeconds()) : "not recovered";
		if (recovery.upSeconds() == null) {
			return served;
		}
		return String.format(Locale.ROOT, "`UP` %.1f s, served %s", recovery.upSeconds(), served);
	}

	private static void row(StringBuilder table, String measure, String value) {
		table.append("| ").append(measure).append(" | ").append(value).append(" |\n");
	}

	/**
	 * One target.
	 *
	 * @param name what it asks
	 * @param value what was measured
	 * @param met whether it was met
	 */
	record Target(String name, String value, boolean met) {

	}

	/**
	 * Judges the targets.
	 * @param report the figures
	 * @return the targets, and the names of those CI fails on
	 */
	static Judgement judge(Figures report) {
		List<Target> targets = new ArrayList<>();
		List<String> ci = new ArrayList<>();
		ciTarget(targets, ci, "0 activations lost", report.lost() + " lost", report.lost() == 0);
		targets.add(new Target("0 activations doubled", report.doubled() + " doubled", report.doubled() == 0));
		targets.add(new Target("cap never exceeded", report.capExceeded() + " times", report.capExceeded() == 0));
		ciTarget(targets, ci, "0 5xx outside outage windows", report.serverErrors() + " 5xx",
				report.serverErrors() == 0);
		targets.add(new Target("heap growth < 10 % after warm-up", percent(report.heapGrowth()),
				report.heapGrowth() != null && report.heapGrowth() < HEAP_GROWTH_LIMIT));
		ciTarget(targets, ci, "threads back to start", counted(report.threadGrowth(), " threads more"),
				report.threadGrowth() == 0);
		targets.add(new Target(
				"no descriptor growth (beyond extra stdio servers' pipes)", String.format(Locale.ROOT, "%d → %d, %s",
						report.fdStart(), report.fdEnd(), counted(report.unexplainedFds(), " unexplained")),
				report.unexplainedFds() == 0));
		ciTarget(targets, ci, "child processes back to start (none unexplained, none orphaned)",
				counted(report.leakedProcesses(), " leaked"), report.leakedProcesses() == 0);
		long missed = report.recoveries().stream().filter((recovery) -> !recovery.met()).count();
		targets.add(new Target("every fault recovered in time",
				String.format(Locale.ROOT, "%d of %d missed", missed, report.recoveries().size()), missed == 0));
		if (report.baselineP99() != null) {
			double ratio = report.p99() / report.baselineP99();
			targets.add(new Target("p99 added with faults ≤ 2× without",
					String.format(Locale.ROOT, "%.0f / %.0f ms = %.2f×", report.p99(), report.baselineP99(), ratio),
					ratio <= 2));
		}
		return new Judgement(targets, ci);
	}

	private static String percent(@Nullable Double growth) {
		return (growth != null) ? String.format(Locale.ROOT, "%+.1f %%", growth) : "not measured";
	}

	/** A count, or "not measured" for -1 (an instance could not be sampled). */
	private static String counted(int count, String what) {
		return (count < 0) ? "not measured (an instance did not answer)" : count + what;
	}

	private static void ciTarget(List<Target> targets, List<String> ci, String name, String value, boolean met) {
		targets.add(new Target(name, value, met));
		if (!met) {
			ci.add(name + ": " + value);
		}
	}

	/**
	 * What the targets are judged on.
	 *
	 * @param lost lost activations
	 * @param doubled doubled activations
	 * @param capExceeded times the cap was exceeded
	 * @param serverErrors 5xx outside outage windows
	 * @param heapGrowth heap growth in percent, or null when not measured
	 * @param threadGrowth threads gained by the instances' pools, beyond what extra child
	 * processes explain; -1 when not measured (likewise for the other counts)
	 * @param fdStart descriptors at the start
	 * @param fdEnd at the end
	 * @param unexplainedFds descriptors gained beyond the pipes of extra child processes
	 * @param leakedProcesses unexplained children plus orphans
	 * @param recoveries the faults' recoveries
	 * @param p99 the run's p99 added per turn
	 * @param baselineP99 a run without faults' p99, or null
	 */
	record Figures(long lost, long doubled, long capExceeded, long serverErrors, @Nullable Double heapGrowth,
			int threadGrowth, int fdStart, int fdEnd, int unexplainedFds, int leakedProcesses,
			List<Recovery> recoveries, double p99, @Nullable Double baselineP99) {

	}

	/**
	 * The targets judged.
	 *
	 * @param targets every target
	 * @param ciFailures the failed ones CI fails on
	 */
	record Judgement(List<Target> targets, List<String> ciFailures) {

	}

}
