package io.github.lazymcp.benchmarks.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import static io.github.lazymcp.benchmarks.results.MarkdownTable.bold;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.count;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.figure;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.finePercent;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.fraction;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.millis;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.percent;

/**
 * The tables a results marker may name ({@code table=KIND}): each kind renders the
 * results of one or more files, in file order, as the lines of a Markdown table, with the
 * columns docs/benchmarks.md used before its tables were generated. A new kind is one
 * method here (or a class of its own beside this one, as {@link CompareTable}, when it
 * needs more; {@link PerformanceTables} holds those of time, memory and endurance) and
 * its line in {@link #KINDS}.
 */
public final class TableKinds {

	private static final Map<String, Kind> KINDS = Map.of("eval", TableKinds::eval, "replay", TableKinds::replay,
			"route", TableKinds::route, "gate", TableKinds::gate, "compare", CompareTable::render, "catalog-report",
			TableKinds::catalogReport, "index", PerformanceTables::index, "jmh", PerformanceTables::jmh, "soak",
			PerformanceTables::soak);

	/**
	 * The ranker of an {@code eval} table that is not one a user could ship: never bold.
	 */
	private static final String NOT_SHIPPABLE = "oracle";

	private static final List<String> EVAL_QUALITY = List.of("top1", "recall5", "recall10", "comp5", "comp10", "ndcg10",
			"abstain", "answerRate");

	private TableKinds() {
	}

	/**
	 * The kind of table of a name.
	 * @param name as a marker gives it
	 * @return its renderer
	 * @throws IllegalArgumentException naming the kinds there are, for an unknown name
	 */
	public static Kind kind(String name) {
		Kind kind = KINDS.get(name);
		if (kind == null) {
			throw new IllegalArgumentException("no table kind '" + name + "'; the kinds are " + names());
		}
		return kind;
	}

	/**
	 * The kinds there are.
	 * @return their names, sorted
	 */
	public static Set<String> names() {
		return new TreeSet<>(KINDS.keySet());
	}

	/**
	 * {@code eval --json}: per ranker top-1 and R@5 with their 95 % intervals, R@10,
	 * COMP@5 and COMP@10 when the results have them (files written before {@code eval}
	 * measured completeness do not), nDCG@10, abstention and answer rate when the split
	 * has negatives, and p50 / p99 latency. A dataset column when the rows come from more
	 * than one dataset. Per dataset, the best quality figure of the shippable rankers is
	 * bold.
	 */
	static List<String> eval(List<Row> rows) {
		boolean datasets = rows.stream().map((row) -> row.text("dataset")).distinct().count() > 1;
		boolean completeness = rows.stream().anyMatch((row) -> row.optional("comp5") != null);
		boolean negatives = rows.stream().anyMatch((row) -> row.optional("abstain") != null);
		List<String> columns = new ArrayList<>(datasets ? List.of("dataset") : List.of());
		columns.addAll(List.of("ranker", "top-1 (95 % interval)", "R@5 (95 % interval)", "R@10"));
		columns.addAll(completeness ? List.of("COMP@5", "COMP@10") : List.of());
		columns.add("nDCG@10");
		columns.addAll(negatives ? List.of("abstain", "answer") : List.of());
		columns.addAll(List.of("p50 ms", "p99 ms"));
		Map<String, String> best = best(rows);
		MarkdownTable table = new MarkdownTable(columns);
		for (Row row : rows) {
			List<String> line = new ArrayList<>(datasets ? List.of(row.text("dataset")) : List.of());
			line.addAll(List.of(row.text("ranker"), quality(row, "top1", best) + interval(row, "top1"),
					quality(row, "recall5", best) + interval(row, "recall5"), quality(row, "recall10", best)));
			line.addAll(completeness ? List.of(quality(row, "comp5", best), quality(row, "comp10", best)) : List.of());
			line.add(quality(row, "ndcg10", best));
			line.addAll(
					negatives ? List.of(quality(row, "abstain", best), quality(row, "answerRate", best)) : List.of());
			line.addAll(List.of(millis(row.number("p50Ms")), millis(row.number("p99Ms"))));
			table.row(line);
		}
		return table.lines();
	}

	/** A quality figure as printed, bold when it is the best of a shippable ranker. */
	private static String quality(Row row, String key, Map<String, String> best) {
		Double value = row.optional(key);
		String cell = (value != null) ? fraction(value) : "-";
		boolean isBest = !row.text("ranker").equals(NOT_SHIPPABLE)
				&& cell.equals(best.get(row.text("dataset") + " " + key));
		return isBest ? bold(cell) : cell;
	}

	/**
	 * Per dataset and quality key, the best figure of the shippable rankers as printed,
	 * when more than one ranker has it.
	 */
	private static Map<String, String> best(List<Row> rows) {
		Map<String, List<Double>> figures = new HashMap<>();
		for (Row row : rows) {
			for (String key : EVAL_QUALITY) {
				Double value = row.optional(key);
				if (value != null && !row.text("ranker").equals(NOT_SHIPPABLE)) {
					figures.computeIfAbsent(row.text("dataset") + " " + key, (any) -> new ArrayList<>()).add(value);
				}
			}
		}
		Map<String, String> best = new HashMap<>();
		figures.forEach((key, values) -> {
			if (values.size() > 1) {
				best.put(key, fraction(Collections.max(values)));
			}
		});
		return best;
	}

	private static String interval(Row row, String key) {
		Double low = row.optional(key + "Low");
		Double high = row.optional(key + "High");
		return (low != null && high != null) ? " (" + fraction(low) + "–" + fraction(high) + ")" : "";
	}

	/**
	 * {@code replay --json}: per dataset and mode, the tasks, the share finished, the
	 * tasks failed, the requests (eager's beside), the prompt tokens of both sides and
	 * the reduction, and the bills with a cache per conversation and with one warm cache,
	 * lazy's beside its share of eager's. The mode of a replay that learned from its
	 * tasks ({@code --learning warm}) says so, so that its row is never read as a cold
	 * one.
	 */
	static List<String> replay(List<Row> rows) {
		MarkdownTable table = new MarkdownTable(
				List.of("dataset", "mode", "tasks", "finished", "failed", "requests (eager)", "eager tokens",
						"lazy tokens", "reduction", "cost: eager", "lazy", "warm: eager", "lazy"));
		for (Row row : rows) {
			table.row(List.of(row.text("dataset"), replayMode(row), count(row.number("tasks")),
					percent(row.number("successRate")), count(row.number("tasksFailed")),
					count(row.number("requests")) + " (" + count(row.number("eagerRequests")) + ")",
					count(row.number("eagerTokens")), count(row.number("lazyTokens")),
					finePercent(row.number("reduction")), count(row.number("eagerCost")),
					ofEager(row.number("lazyCost"), row.number("eagerCost")), count(row.number("eagerCostWarm")),
					ofEager(row.number("lazyCostWarm"), row.number("eagerCostWarm"))));
		}
		return table.lines();
	}

	/** Results written before replays could learn have no {@code learning}: cold. */
	private static String replayMode(Row row) {
		JsonNode learning = row.result().get("learning");
		boolean warm = learning != null && learning.isString() && "warm".equals(learning.asString());
		return warm ? row.text("mode") + ", learning warm" : row.text("mode");
	}

	private static String ofEager(double lazy, double eager) {
		return (eager > 0) ? count(lazy) + " (" + finePercent(lazy / eager) + ")" : count(lazy);
	}

	/**
	 * {@code route --json}: per intents file (the results file's name without
	 * {@code route-}), top-1 on the positives and the abstention on the negatives.
	 */
	static List<String> route(List<Row> rows) {
		MarkdownTable table = new MarkdownTable(List.of("intents", "positives", "top-1", "negatives", "abstain"));
		for (Row row : rows) {
			String intents = row.file().replaceFirst("^route-", "").replaceFirst("\\.json$", "");
			table.row(List.of(intents, count(row.number("positives")), percent(row.number("top1")),
					count(row.number("negatives")), percent(row.number("abstain"))));
		}
		return table.lines();
	}

	/**
	 * {@code gate}'s rows: the figure, its floor, what was measured and the status; a
	 * floor or measurement that is not a number as written, a null one as {@code none}.
	 */
	static List<String> gate(List<Row> rows) {
		MarkdownTable table = new MarkdownTable(List.of("figure", "floor", "measured", "status"));
		for (Row row : rows) {
			table.row(List.of(row.text("figure"), row.figureOrText("floor"), row.figureOrText("measured"),
					row.text("status")));
		}
		return table.lines();
	}

	/**
	 * {@code catalog-report --json}: per catalog and ranker, the tools and servers, the
	 * confusable pairs (and how many by name and by description), the tools a text of
	 * their own does not find among the first results (how many results), and the tools
	 * without a usable description.
	 */
	static List<String> catalogReport(List<Row> rows) {
		MarkdownTable table = new MarkdownTable(List.of("catalog", "ranker", "tools", "servers", "confusable pairs",
				"by name", "by description", "not found by own text", "undescribed"));
		for (Row row : rows) {
			table.row(List.of(row.text("catalog"), row.text("ranker"), count(row.number("tools")),
					count(row.number("servers")), count(row.number("confusable")),
					count(row.number("confusableByName")), count(row.number("confusableByDescription")),
					count(row.number("notFoundByOwnText")) + " (top " + count(row.number("depth")) + ")",
					count(row.number("undescribed"))));
		}
		return table.lines();
	}

	/** Renders rows of results files as the lines of a Markdown table. */
	@FunctionalInterface
	public interface Kind {

		/**
		 * Renders a table.
		 * @param rows the results, file by file in name order
		 * @return the table's lines
		 * @throws IllegalArgumentException naming the file when a result lacks a key the
		 * kind needs
		 */
		List<String> render(List<Row> rows);

	}

	/**
	 * One result of a results file.
	 *
	 * @param file the results file's name
	 * @param result the object the command printed
	 */
	public record Row(String file, JsonNode result) {

		double number(String key) {
			JsonNode value = this.result.get(key);
			if (value == null || !value.isNumber()) {
				throw new IllegalArgumentException(this.file + ": a result has no number '" + key + "'");
			}
			return value.asDouble();
		}

		@Nullable Double optional(String key) {
			JsonNode value = this.result.get(key);
			return (value != null && value.isNumber()) ? value.asDouble() : null;
		}

		String text(String key) {
			JsonNode value = this.result.get(key);
			if (value == null || !value.isString()) {
				throw new IllegalArgumentException(this.file + ": a result has no text '" + key + "'");
			}
			return value.asString();
		}

		boolean flag(String key) {
			JsonNode value = this.result.get(key);
			if (value == null || !value.isBoolean()) {
				throw new IllegalArgumentException(this.file + ": a result has no true or false '" + key + "'");
			}
			return value.asBoolean();
		}

		String figureOrText(String key) {
			Double value = optional(key);
			JsonNode node = this.result.get(key);
			return (value != null) ? figure(value) : (node == null || node.isNull()) ? "none" : text(key);
		}

	}

}
