package io.github.lazymcp.benchmarks.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.lazymcp.benchmarks.results.TableKinds.Row;
import tools.jackson.databind.JsonNode;

import static io.github.lazymcp.benchmarks.results.MarkdownTable.average;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.bold;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.count;
import static io.github.lazymcp.benchmarks.results.MarkdownTable.percent;

/**
 * The {@code compare} table: one row per system of {@code compare --json}, in file order.
 * A run's conditions (dataset, mode, model, first query, the prompt's shape) are the same
 * on all its rows, so each is a leading column only when the rows differ in it, as when
 * one table shows a dataset's search and proactive runs. Among the rows of the same
 * conditions, the most tasks finished and the lowest cost per finished task are bold
 * (every row that ties), the eager agent's left out: it finishes every task by
 * construction and is the baseline, not a tool search one could pick instead.
 */
final class CompareTable {

	/** The system id of the eager agent's row: never bold. */
	static final String EAGER = "eager";

	/** What a run held the same on all its rows: a leading column each, if it varies. */
	private static final Map<String, String> CONDITIONS = conditions();

	private CompareTable() {
	}

	private static Map<String, String> conditions() {
		Map<String, String> columns = new LinkedHashMap<>();
		columns.put("dataset", "dataset");
		columns.put("mode", "mode");
		columns.put("model", "model");
		columns.put("query", "query");
		columns.put("systemPromptTokens", "system prompt");
		columns.put("resultTokens", "result tokens");
		return Collections.unmodifiableMap(columns);
	}

	/**
	 * Renders the rows: the varying conditions, then system, tasks finished (of all, and
	 * the share), failed, searches, tokens, cold and warm cost per task, and cost per
	 * finished task ({@code -} when none was finished).
	 * @param rows the results, file by file
	 * @return the table's lines
	 * @throws IllegalArgumentException naming the file when a result lacks a key
	 */
	static List<String> render(List<Row> rows) {
		List<String> varying = CONDITIONS.keySet()
			.stream()
			.filter((key) -> rows.stream().map((row) -> condition(row, key)).distinct().count() > 1)
			.toList();
		List<String> columns = new ArrayList<>(varying.stream().map(CONDITIONS::get).toList());
		columns.addAll(List.of("system", "finished", "failed", "searches/task", "tokens/task", "cost/task",
				"warm cost/task", "cost/finished task"));
		Leaders leaders = Leaders.of(rows);
		MarkdownTable table = new MarkdownTable(columns);
		for (Row row : rows) {
			List<String> line = new ArrayList<>(varying.stream().map((key) -> condition(row, key)).toList());
			line.addAll(List.of(row.text("system"), leaders.finished(row), count(row.number("failed")),
					average(row.number("searchesPerTask")), count(row.number("tokensPerTask")),
					count(row.number("costPerTask")), count(row.number("warmCostPerTask")),
					leaders.costPerFinishedTask(row)));
			table.row(line);
		}
		return table.lines();
	}

	/** A condition as printed: a text as it is, a number of tokens as a count. */
	private static String condition(Row row, String key) {
		JsonNode value = row.result().get(key);
		return (value != null && value.isNumber()) ? count(value.asDouble()) : row.text(key);
	}

	/** The rows' conditions, all of them: the rows a row is ranked among. */
	private static String conditions(Row row) {
		return CONDITIONS.keySet().stream().map((key) -> condition(row, key)).collect(Collectors.joining(" "));
	}

	private static double finishedShare(Row row) {
		double tasks = row.number("tasks");
		return (tasks > 0) ? row.number("finished") / tasks : 0;
	}

	/**
	 * Per conditions, the best figures of the rows other than eager's, where more than
	 * one such row has them: the largest share finished, and the lowest cost per finished
	 * task as printed (so that rows printed alike are bold alike).
	 */
	private record Leaders(Map<String, Double> mostFinished, Map<String, String> cheapestFinished) {

		static Leaders of(List<Row> rows) {
			Map<String, List<Double>> finished = new HashMap<>();
			Map<String, List<Double>> costs = new HashMap<>();
			for (Row row : rows) {
				if (!row.text("system").equals(EAGER)) {
					String conditions = conditions(row);
					finished.computeIfAbsent(conditions, (any) -> new ArrayList<>()).add(finishedShare(row));
					Double cost = row.optional("costPerFinishedTask");
					if (cost != null) {
						costs.computeIfAbsent(conditions, (any) -> new ArrayList<>()).add(cost);
					}
				}
			}
			Map<String, Double> mostFinished = new HashMap<>();
			finished.forEach((conditions, shares) -> {
				if (shares.size() > 1) {
					mostFinished.put(conditions, Collections.max(shares));
				}
			});
			Map<String, String> cheapestFinished = new HashMap<>();
			costs.forEach((conditions, values) -> {
				if (values.size() > 1) {
					cheapestFinished.put(conditions, count(Collections.min(values)));
				}
			});
			return new Leaders(mostFinished, cheapestFinished);
		}

		/** {@code 6 of 37 (16.2 %)}, bold when no other system finished more. */
		String finished(Row row) {
			double tasks = row.number("tasks");
			String cell = count(row.number("finished")) + " of " + count(tasks) + " (" + percent(finishedShare(row))
					+ ")";
			Double best = this.mostFinished.get(conditions(row));
			boolean isBest = !row.text("system").equals(EAGER) && best != null && finishedShare(row) == best;
			return isBest ? bold(cell) : cell;
		}

		/** The cost per finished task, bold when the lowest; {@code -} when none was. */
		String costPerFinishedTask(Row row) {
			Double cost = row.optional("costPerFinishedTask");
			if (cost == null) {
				return "-";
			}
			String cell = count(cost);
			boolean isBest = !row.text("system").equals(EAGER)
					&& cell.equals(this.cheapestFinished.get(conditions(row)));
			return isBest ? bold(cell) : cell;
		}

	}

}
