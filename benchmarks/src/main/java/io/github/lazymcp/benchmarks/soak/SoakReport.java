package io.github.lazymcp.benchmarks.soak;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.lazymcp.benchmarks.soak.faults.Recovery;
import io.github.lazymcp.benchmarks.soak.judge.InstanceReport;
import io.github.lazymcp.benchmarks.soak.judge.ToolTurns;
import io.github.lazymcp.benchmarks.soak.judge.Turns;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Everything a soak run measured, as one JSON object (keys in declaration order) or a
 * Markdown table, with its targets judged ({@link Verdict}) and the failures CI fails on.
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
 * @param toldToolsLeftOut told tools missing from a step while their server was
 * {@code UP} there (or its health unknown)
 * @param halfSucceeded tools appearing after an error result
 * @param unexplainedAppearances tools appearing within a turn without a cause, and
 * malformed or unknown calls answered without an error
 * @param checkedActivations activations reported by a result and found on the next step
 * @param stepsStamped checked requests that carried the app's health stamp
 * @param stepsUnstamped checked requests that did not (no left-out tool is excused there)
 * @param silentEvictions told tools evicted without a report, by cause (allowed)
 * @param serverErrorsOutsideOutages 5xx answers no declared outage window excuses
 * @param serverErrorsInsideOutages 5xx answers inside windows, by source
 * @param incidentsUnexplained failed tool calls and chats no outage window explains
 * @param incidentsExplained those an outage window explains, by kind
 * @param turnsWithToolResult the share of turns that asked for a tool and got its result,
 * during faults (by kind of fault) and outside them ({@link ToolTurns})
 * @param errorsByKind everything else that went wrong, by kind (reported)
 * @param harnessErrors errors of the harness itself, by kind
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
 * @param recoveries one per planned fault
 * @param startFailures the instances' failed starts
 * @param orphanedProcesses processes that outlived a stopped instance
 * @param baselineP99Ms the same run's p99 without faults, when given
 * @param violations the first violations, with time and conversation
 * @param serverErrorExamples the first 5xx answers outside outage windows, then the first
 * inside them
 * @param incidentExamples the first failed tool calls and chats no window explains
 * @param slowestTurns the slowest turns while measuring, with where their time went
 * @param targets each target, met or not
 * @param ciFailures the failed targets that fail CI
 */
public record SoakReport(double minutes, int conversations, boolean faults, long turns, double turnsPerSecond,
		long modelRequests, double addedPerTurnP50Ms, double addedPerTurnP99Ms, double modelMsPerTurn,
		long lostActivations, long doubledActivations, long capExceeded, long toldToolsLeftOut, long halfSucceeded,
		long unexplainedAppearances, long checkedActivations, long stepsStamped, long stepsUnstamped,
		Map<String, Long> silentEvictions, long serverErrorsOutsideOutages, Map<String, Long> serverErrorsInsideOutages,
		long incidentsUnexplained, Map<String, Long> incidentsExplained, ToolTurns.Share turnsWithToolResult,
		Map<String, Long> errorsByKind, Map<String, Long> harnessErrors, long malformedRequests,
		Map<String, Long> malformedAnswers, @Nullable Double heapGrowthPercent, int threadsStart, int threadsEnd,
		int childProcessesStart, int childProcessesEnd, int fdStart, int fdEnd, long sharedEmbeddingRowsStart,
		long sharedEmbeddingRowsEnd, List<InstanceReport> instances, List<Recovery> recoveries,
		List<String> startFailures, List<String> orphanedProcesses, @Nullable Double baselineP99Ms,
		List<String> violations, List<String> serverErrorExamples, List<String> incidentExamples,
		List<String> slowestTurns, List<Target> targets, List<String> ciFailures) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * The report as one JSON object, keys in declaration order.
	 * @return a new object
	 */
	public ObjectNode toJsonObject() {
		return JSON.valueToTree(this);
	}

	/**
	 * The report as a Markdown table: the figures, then each target.
	 * @return the table
	 */
	public String toTable() {
		StringBuilder table = new StringBuilder("| measure | value |\n| --- | ---: |\n");
		row(table, "minutes, conversations, faults",
				String.format(Locale.ROOT, "%s, %d, %s", this.minutes, this.conversations, this.faults ? "on" : "off"));
		row(table, "turns (per second)", String.format(Locale.ROOT, "%,d (%.1f)", this.turns, this.turnsPerSecond));
		row(table, "added per turn p50 / p99",
				String.format(Locale.ROOT, "%.0f / %.0f ms", this.addedPerTurnP50Ms, this.addedPerTurnP99Ms));
		row(table, "activations lost / doubled / cap exceeded / left out while UP",
				String.format(Locale.ROOT, "%d / %d / %d / %d", this.lostActivations, this.doubledActivations,
						this.capExceeded, this.toldToolsLeftOut));
		row(table, "checked activations; steps with / without health stamp", String.format(Locale.ROOT,
				"%,d; %,d / %,d", this.checkedActivations, this.stepsStamped, this.stepsUnstamped));
		row(table, "half-succeeded / unexplained",
				String.format(Locale.ROOT, "%d / %d", this.halfSucceeded, this.unexplainedAppearances));
		row(table, "silent evictions", this.silentEvictions.toString());
		row(table, "5xx outside / inside outage windows",
				String.format(Locale.ROOT, "%d / %s", this.serverErrorsOutsideOutages, this.serverErrorsInsideOutages));
		row(table, "failed tool calls and chats unexplained / explained by outages",
				String.format(Locale.ROOT, "%d / %s", this.incidentsUnexplained, this.incidentsExplained));
		row(table, "turns that got their tool's result", this.turnsWithToolResult.describe());
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
			row(table, recovery.describe(), recoveryCell(recovery));
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
		examples(table, "violations", this.violations);
		examples(table, "5xx outside outage windows", this.serverErrorExamples);
		examples(table, "failed tool calls, chats and 4xx", this.incidentExamples);
		return table.toString();
	}

	/** The first examples of one kind, so that a failed run says what went wrong. */
	private static void examples(StringBuilder table, String kind, List<String> examples) {
		if (!examples.isEmpty()) {
			table.append("\nFirst ").append(kind).append(":\n");
			examples.forEach((example) -> table.append("- ").append(example).append('\n'));
		}
	}

	private static String recoveryCell(Recovery recovery) {
		if (!recovery.injected()) {
			return "**not injected**: " + recovery.note();
		}
		String served = (recovery.servedSeconds() != null)
				? String.format(Locale.ROOT, "served %.1f s after the fault (bound %.0f s)%s", recovery.servedSeconds(),
						recovery.boundSeconds(), recovery.withinBound() ? "" : " **late**")
				: String.format(Locale.ROOT, "**not served again** (bound %.0f s)", recovery.boundSeconds());
		if (recovery.note() != null) {
			served += " (" + recovery.note() + ")";
		}
		if (recovery.upSeconds() == null) {
			return served;
		}
		return String.format(Locale.ROOT, "%s`UP` %.1f s after back, %s", back(recovery), recovery.upSeconds(), served);
	}

	/**
	 * When the harness made the server available again, when that was not the fault
	 * itself: a killed HTTP server listens again only once its process has started, which
	 * under load takes seconds beyond its planned time down.
	 */
	private static String back(Recovery recovery) {
		Double back = recovery.backAt();
		return (back != null && back - recovery.at() >= 0.1)
				? String.format(Locale.ROOT, "back %.1f s after the fault, ", back - recovery.at()) : "";
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
	 * The targets judged.
	 *
	 * @param targets every target
	 * @param ciFailures the failed ones CI fails on
	 */
	record Judgement(List<Target> targets, List<String> ciFailures) {

	}

}
