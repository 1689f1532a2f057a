package io.github.lazymcp.benchmarks.soak.judge;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What the user of a turn felt: for each measured turn that asked for a tool (its model
 * called an MCP tool) or got no answer at all, when it ran and whether it got what it
 * asked for. Judged at the end against the outage windows, which are closed by then: the
 * share of turns during a fault that still got their tool's result, beside the same share
 * outside faults. Thread-safe.
 * <p>
 * A turn got its result when it was answered and every MCP tool call of it returned the
 * tool's result (the server's own error answer about the call included). A turn that got
 * no answer (a 5xx, a 4xx, a timeout, a broken connection, every instance refusing)
 * counts as not getting it, whether or not its model would have called a tool: what a
 * user sees is a turn that failed.
 */
public final class ToolTurns {

	private final List<Turn> turns = new ArrayList<>();

	/**
	 * Records one measured turn.
	 * @param sent when it was first sent, milliseconds since the run started
	 * @param ended when its answer (or its failure) came
	 * @param gotResult whether it got its tools' results
	 */
	public synchronized void add(long sent, long ended, boolean gotResult) {
		this.turns.add(new Turn(sent, Math.max(sent, ended), gotResult));
	}

	/**
	 * The shares, with the windows as they are now.
	 * @param windows the run's outage windows
	 * @return turns during faults (overall and by kind of fault) and outside them
	 */
	public Share share(FaultWindows windows) {
		List<FaultWindows.Window> all = windows.all();
		List<Turn> recorded;
		synchronized (this) {
			recorded = List.copyOf(this.turns);
		}
		Count during = new Count();
		Count outside = new Count();
		Map<FaultWindows.Kind, Count> byKind = new EnumMap<>(FaultWindows.Kind.class);
		for (Turn turn : recorded) {
			List<FaultWindows.Kind> kinds = all.stream()
				.filter((window) -> window.covers(turn.sent(), turn.ended()))
				.map(FaultWindows.Window::kind)
				.distinct()
				.toList();
			(kinds.isEmpty() ? outside : during).add(turn.gotResult());
			kinds.forEach((kind) -> byKind.computeIfAbsent(kind, (key) -> new Count()).add(turn.gotResult()));
		}
		return new Share(during.part(), outside.part(),
				byKind.entrySet()
					.stream()
					.collect(Collectors.toMap((entry) -> entry.getKey().name().toLowerCase(Locale.ROOT),
							(entry) -> entry.getValue().part(), (a, b) -> a, TreeMap::new)));
	}

	private record Turn(long sent, long ended, boolean gotResult) {

	}

	/** A running count, confined to one call of {@link #share}. */
	private static final class Count {

		private long turns;

		private long gotResult;

		void add(boolean got) {
			this.turns++;
			this.gotResult += got ? 1 : 0;
		}

		Part part() {
			return new Part(this.turns, this.gotResult);
		}

	}

	/**
	 * Turns of one kind and those of them that got their result.
	 *
	 * @param turns turns that asked for a tool or got no answer
	 * @param gotResult those that got every tool's result
	 */
	public record Part(long turns, long gotResult) {

		/**
		 * The share in percent.
		 * @return the share, 100 without turns (nothing was missed)
		 */
		public double percent() {
			return (this.turns == 0) ? 100 : Math.round(1000.0 * this.gotResult / this.turns) / 10.0;
		}

		String describe() {
			return String.format(Locale.ROOT, "%,d of %,d (%.1f %%)", this.gotResult, this.turns, percent());
		}

	}

	/**
	 * The shares of a run.
	 *
	 * @param duringFaults turns that overlapped any outage window
	 * @param outsideFaults turns that overlapped none
	 * @param byFault turns during faults by kind of window ({@code server}, {@code slow},
	 * {@code database}, {@code instance}); a turn that overlapped two kinds counts in
	 * both
	 */
	public record Share(Part duringFaults, Part outsideFaults, Map<String, Part> byFault) {

		/**
		 * One line for the report's table.
		 * @return the shares in words
		 */
		public String describe() {
			String kinds = this.byFault.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + " " + entry.getValue().describe())
				.collect(Collectors.joining("; "));
			return "during faults " + this.duringFaults.describe() + ((kinds.isEmpty()) ? "" : " (" + kinds + ")")
					+ "; outside faults " + this.outsideFaults.describe();
		}

	}

}
