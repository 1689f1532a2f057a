package io.github.lazymcp.benchmarks.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.faults.Recovery;
import io.github.lazymcp.benchmarks.soak.judge.CheckedSteps;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import io.github.lazymcp.benchmarks.soak.judge.Incidents;
import io.github.lazymcp.benchmarks.soak.judge.InstanceReport;
import io.github.lazymcp.benchmarks.soak.judge.PerUserCalls;
import io.github.lazymcp.benchmarks.soak.judge.ServerErrors;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import org.jspecify.annotations.Nullable;

/**
 * Judges a run's targets on what the run's own parts recorded (the tally of the ledgers,
 * the checked steps, the 5xx answers and incidents against the outage windows, the
 * faults' recoveries, the failed starts, the instances' samples), and names the failed
 * targets CI fails on. The CI failures are everything that says lazy-mcp (or the run)
 * went wrong: an activation lost or doubled, the cap exceeded, a told tool left out while
 * its server was {@code UP}, a 5xx outside an outage window, a failed tool call, chat or
 * 4xx the fault plan cannot explain, a planned fault not injected, a fault not served
 * again within its bound, a failed instance start, a run that checked less than its
 * floors, a leaked thread or process, and an error of the harness. Timing-dependent
 * targets (heap, descriptors, the recovery times, p99) are reported only.
 */
final class Verdict {

	/** The most heap may grow from start to end. */
	static final double HEAP_GROWTH_LIMIT = 10;

	private static final int NAMED = 3;

	private Verdict() {
	}

	/**
	 * Judges the targets.
	 * @param run what the run recorded
	 * @return the targets, and the failures CI fails on
	 */
	static SoakReport.Judgement judge(Evidence run) {
		Targets targets = new Targets();
		Tally tally = run.tally();
		targets.ci("0 activations lost", tally.count(Tally.Kind.LOST) + " lost", tally.count(Tally.Kind.LOST) == 0);
		targets.ci("0 activations doubled", tally.count(Tally.Kind.DOUBLED) + " doubled",
				tally.count(Tally.Kind.DOUBLED) == 0);
		targets.ci("cap never exceeded", tally.count(Tally.Kind.CAP_EXCEEDED) + " times",
				tally.count(Tally.Kind.CAP_EXCEEDED) == 0);
		targets.ci("0 told tools left out while their server was UP", tally.count(Tally.Kind.LEFT_OUT) + " times",
				tally.count(Tally.Kind.LEFT_OUT) == 0);
		targets.ci("every per-user call under its own user's token", run.perUser().describe(), run.perUser().clean());
		targets.ci("0 5xx outside outage windows",
				named(run.serverErrors().outsideOutages(run.windows()).stream().map(Object::toString).toList(), "5xx"));
		targets.ci("0 failed tool calls, chats or 4xx the fault plan cannot explain", named(
				run.incidents().unexplained(run.windows()).stream().map(Object::toString).toList(), "unexplained"));
		targets.ci("every planned fault injected",
				named(run.faults()
					.stream()
					.filter((fault) -> !fault.injected())
					.map((fault) -> fault.describe() + ": " + fault.note())
					.toList(), "not injected"));
		targets.ci("every fault served again within its bound, counted from its start",
				named(run.faults()
					.stream()
					.filter((fault) -> fault.injected() && !fault.withinBound())
					.map((fault) -> fault.describe() + ": "
							+ ((fault.servedSeconds() != null) ? "served after %.1f s".formatted(fault.servedSeconds())
									: "not served again")
							+ ", bound %.0f s".formatted(fault.boundSeconds()))
					.toList(), "late"));
		targets.ci("every instance started", named(run.startFailures(), "failed starts"));
		EvidenceFloors floors = run.floors();
		targets.ci("turns ≥ floor", run.turns() + " (floor " + floors.turns() + ")", run.turns() >= floors.turns());
		targets.ci("checked activations ≥ floor", run.steps().activations() + " (floor " + floors.activations() + ")",
				run.steps().activations() >= floors.activations());
		targets.ci("≥ " + floors.stepsAfterFault() + " checked steps of every server after each of its faults",
				named(thinAfterFaults(run), "short"));
		resources(run, targets);
		long missed = run.faults().stream().filter((fault) -> fault.injected() && !fault.met()).count();
		targets.report("every fault recovered within the issue's targets",
				String.format(Locale.ROOT, "%d of %d missed", missed, run.faults().size()), missed == 0);
		targets.ci("0 harness errors",
				named(run.tally()
					.harnessErrors()
					.entrySet()
					.stream()
					.map((error) -> error.getKey() + " (" + error.getValue() + ")")
					.toList(), "errors"));
		Double baseline = run.baselineP99();
		if (baseline != null) {
			double ratio = run.p99() / baseline;
			targets.report("p99 added with faults ≤ 2× without",
					String.format(Locale.ROOT, "%.0f / %.0f ms = %.2f×", run.p99(), baseline, ratio), ratio <= 2);
		}
		return new SoakReport.Judgement(targets.all, targets.ci);
	}

	/** The heap, thread, descriptor and process targets, from the instances' samples. */
	private static void resources(Evidence run, Targets targets) {
		List<InstanceReport> instances = run.instances();
		Double heap = InstanceReport.heapGrowth(instances);
		targets.report("heap growth < 10 % after warm-up",
				(heap != null) ? String.format(Locale.ROOT, "%+.1f %%", heap) : "not measured",
				heap != null && heap < HEAP_GROWTH_LIMIT);
		int threads = InstanceReport.sum(instances, InstanceReport::unexplainedThreads);
		targets.ci("threads back to start", counted(threads, " threads more") + unexplainedPools(instances),
				threads == 0);
		int fds = InstanceReport.sum(instances, InstanceReport::unexplainedFileDescriptors);
		targets
			.report("no descriptor growth (beyond extra stdio servers' pipes)",
					String.format(Locale.ROOT, "%d → %d, %s", InstanceReport.sum(instances, InstanceReport::fdStart),
							InstanceReport.sum(instances, InstanceReport::fdEnd), counted(fds, " unexplained")),
					fds == 0);
		int children = InstanceReport.sum(instances, InstanceReport::unexplainedChildProcesses);
		int leaked = (children < 0) ? -1 : children + run.orphans().size();
		targets.ci("child processes back to start (none unexplained, none orphaned)", counted(leaked, " leaked"),
				leaked == 0);
	}

	/**
	 * The servers (on an instance) that a fault took away and that had fewer checked
	 * steps than the floor from when it was served again (or its bound passed).
	 */
	private static List<String> thinAfterFaults(Evidence run) {
		List<String> thin = new ArrayList<>();
		for (Recovery fault : run.faults()) {
			if (!fault.injected()) {
				continue;
			}
			long from = fault.checkedFromMillis();
			for (FaultPlan.ServerOn server : FaultPlan.affected(fault.type(), fault.target())) {
				int steps = run.steps().count(server.instance(), server.server(), from);
				if (steps < run.floors().stepsAfterFault()) {
					thin.add(String.format(Locale.ROOT, "%s: %s %d after %.1f s", fault.describe(), server, steps,
							from / 1000.0));
				}
			}
		}
		return thin;
	}

	/** The pools whose growth is not explained, by instance: " (a: pool +1)", or "". */
	private static String unexplainedPools(List<InstanceReport> instances) {
		List<String> pools = new ArrayList<>();
		for (InstanceReport instance : instances) {
			instance.threadPoolsUnexplained()
				.forEach((pool, threads) -> pools.add(instance.name() + ": " + pool + " +" + threads));
		}
		return pools.isEmpty() ? "" : " (" + String.join("; ", pools) + ")";
	}

	/** A count, or "not measured" for -1 (an instance could not be sampled). */
	private static String counted(int count, String what) {
		return (count < 0) ? "not measured (an instance did not answer)" : count + what;
	}

	/** The value of a target met when nothing is listed: the count and the first few. */
	private static Named named(List<String> offenders, String what) {
		String value = offenders.size() + " " + what;
		if (!offenders.isEmpty()) {
			value += ": " + String.join("; ", offenders.subList(0, Math.min(NAMED, offenders.size())))
					+ ((offenders.size() > NAMED) ? "; …" : "");
		}
		return new Named(value, offenders.isEmpty());
	}

	private record Named(String value, boolean met) {

	}

	/** The targets as they are judged, and the CI failures among them. */
	private static final class Targets {

		private final List<SoakReport.Target> all = new ArrayList<>();

		private final List<String> ci = new ArrayList<>();

		void ci(String name, Named named) {
			ci(name, named.value(), named.met());
		}

		void ci(String name, String value, boolean met) {
			report(name, value, met);
			if (!met) {
				this.ci.add(name + ": " + value);
			}
		}

		void report(String name, String value, boolean met) {
			this.all.add(new SoakReport.Target(name, value, met));
		}

	}

	/**
	 * What a run recorded, as its parts recorded it.
	 *
	 * @param tally the ledgers' violations, the errors and the harness's errors
	 * @param serverErrors every 5xx answer
	 * @param incidents failed tool calls and chats
	 * @param windows the outage windows
	 * @param faults one recovery per planned fault
	 * @param startFailures the instances' failed starts
	 * @param steps what the ledgers verified
	 * @param turns turns answered while measuring
	 * @param floors the least the run must have checked
	 * @param instances each instance's samples
	 * @param orphans processes that outlived a stopped instance
	 * @param p99 the run's p99 added per turn
	 * @param baselineP99 a run without faults' p99, or null
	 */
	record Evidence(Tally tally, ServerErrors serverErrors, Incidents incidents, FaultWindows windows,
			List<Recovery> faults, List<String> startFailures, CheckedSteps steps, long turns, EvidenceFloors floors,
			List<InstanceReport> instances, List<String> orphans, double p99, @Nullable Double baselineP99,
			PerUserCalls.Summary perUser) {

		Evidence {
			faults = List.copyOf(faults);
			startFailures = List.copyOf(startFailures);
			instances = List.copyOf(instances);
			orphans = List.copyOf(orphans);
		}

	}

}
