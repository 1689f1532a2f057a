package io.github.lazymcp.benchmarks.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.lazymcp.benchmarks.results.TableKinds.Row;
import org.openjdk.jmh.annotations.Mode;

import static io.github.lazymcp.benchmarks.results.MarkdownTable.count;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.millis;

/**
 * The tables of what lazy-mcp costs in time and memory and how it holds up: {@code index}
 * (the starts and the heap), {@code jmh} (JMH's results) and {@code soak} (a run under
 * load and faults), each a row per result, in file order.
 */
final class PerformanceTables {

	private PerformanceTables() {
	}

	/**
	 * {@code index --json}: per catalog, its tools and the model, each start (cold,
	 * restart, new instance) as ready / first search / full index, and the heap of the
	 * hybrid index, of the index and the embedding cache, and of those per 10,000 tools.
	 */
	static List<String> index(List<Row> rows) {
		MarkdownTable table = new MarkdownTable(List.of("tools", "model", "cold: ready / first search / full index",
				"restart (cache directory)", "new instance (database)", "heap: hybrid index", "index and cache",
				"index and cache per 10,000 tools"));
		for (Row row : rows) {
			table.row(List.of(count(row.number("tools")), row.text("model"), start(row, "cold"), start(row, "restart"),
					start(row, "newInstance"), megabytes(row.number("hybridHeapMb")),
					megabytes(row.number("indexAndCacheHeapMb")),
					megabytes(row.number("indexAndCacheHeapMbPer10kTools"))));
		}
		return table.lines();
	}

	/** One start: {@code 3.1 s / 116 ms / 36.8 s}. */
	private static String start(Row row, String start) {
		return seconds(row.number(start + "ReadyMs")) + " / " + millis(row.number(start + "FirstSearchMs")) + " ms / "
				+ seconds(row.number(start + "IndexedMs"));
	}

	/** Milliseconds as seconds, as a start is read: {@code 1.7 s}, {@code 477 s}. */
	private static String seconds(double millis) {
		double seconds = millis / 1000;
		return String.format(Locale.ROOT, (seconds < 100) ? "%.1f s" : "%,.0f s", seconds);
	}

	private static String megabytes(double megabytes) {
		return String.format(Locale.ROOT, "%.1f MB", megabytes);
	}

	/**
	 * {@code jmh --results}: per benchmark and parameters, the mode, and in sample mode
	 * the p50 and p99 of the calls, in the other modes the score and its error (JMH's
	 * 99.9 % interval), and the unit. The p50 and p99 columns are there when a row was
	 * sampled, the score's when a row was not.
	 */
	static List<String> jmh(List<Row> rows) {
		boolean sampled = rows.stream().anyMatch(PerformanceTables::sampled);
		boolean scored = rows.stream().anyMatch((row) -> !sampled(row));
		List<String> columns = new ArrayList<>(List.of("benchmark", "params", "mode"));
		columns.addAll(sampled ? List.of("p50", "p99") : List.of());
		columns.addAll(scored ? List.of("score ± error") : List.of());
		columns.add("unit");
		MarkdownTable table = new MarkdownTable(columns);
		for (Row row : rows) {
			String params = row.text("params");
			List<String> line = new ArrayList<>(
					List.of(row.text("benchmark"), params.isEmpty() ? "-" : params, row.text("mode")));
			if (sampled) {
				line.addAll(sampled(row) ? List.of(figure(row.number("p50")), figure(row.number("p99")))
						: List.of("-", "-"));
			}
			if (scored) {
				line.add(sampled(row) ? "-" : score(row));
			}
			line.add(row.text("unit"));
			table.row(line);
		}
		return table.lines();
	}

	private static boolean sampled(Row row) {
		return row.text("mode").equals(Mode.SampleTime.shortLabel());
	}

	/** The score, with its error when JMH could tell it. */
	private static String score(Row row) {
		Double error = row.optional("scoreError");
		return figure(row.number("score")) + ((error != null) ? " ± " + figure(error) : "");
	}

	/** A JMH figure, whatever its unit: {@code 0.35}, {@code 4.4}, {@code 15,303}. */
	private static String figure(double value) {
		return (value < 100) ? millis(value) : count(value);
	}

	/**
	 * {@code soak --json}: per run, its minutes, whether faults were injected, the turns
	 * answered and their rate, the activations lost and doubled, how often the cap was
	 * exceeded, what lazy-mcp added to a turn (p50 / p99) and the failed tool calls and
	 * chats no outage explains: the figures a reader checks first; the report holds the
	 * rest.
	 */
	static List<String> soak(List<Row> rows) {
		MarkdownTable table = new MarkdownTable(List.of("minutes", "faults", "turns", "turns/s",
				"activations lost / doubled", "cap exceeded", "added per turn p50 / p99 ms", "unexplained incidents"));
		for (Row row : rows) {
			table.row(List.of(String.format(Locale.ROOT, "%.1f", row.number("minutes")),
					row.flag("faults") ? "on" : "off", count(row.number("turns")),
					String.format(Locale.ROOT, "%.1f", row.number("turnsPerSecond")),
					count(row.number("lostActivations")) + " / " + count(row.number("doubledActivations")),
					count(row.number("capExceeded")),
					count(row.number("addedPerTurnP50Ms")) + " / " + count(row.number("addedPerTurnP99Ms")),
					count(row.number("incidentsUnexplained"))));
		}
		return table.lines();
	}

}
