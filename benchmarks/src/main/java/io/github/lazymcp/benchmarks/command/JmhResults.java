package io.github.lazymcp.benchmarks.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.openjdk.jmh.annotations.Mode;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JMH's results as {@code jmh --results} keeps them: one row per benchmark and set of
 * parameters, read from JMH's own JSON result format ({@code -rf json}), so that the rows
 * hold what JMH's file would.
 */
final class JmhResults {

	/**
	 * The mode whose percentiles are of every sampled call; in the other modes they are
	 * of the iterations' scores, and the rows leave them out.
	 */
	static final String SAMPLE = Mode.SampleTime.shortLabel();

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private JmhResults() {
	}

	/**
	 * The rows of JMH's JSON, in its order. Each row has {@code benchmark} (the class and
	 * method, {@code SearchBenchmark.toolSearch}), {@code params} (the parameters as
	 * {@code name=value, ...}, empty when there are none), {@code paramValues} (the same
	 * as an object), {@code mode} (JMH's short name: {@code thrpt}, {@code avgt},
	 * {@code sample}, {@code ss}), {@code unit}, {@code score}, {@code scoreError} (null
	 * when JMH could not tell, as with one iteration), {@code p50} and {@code p99} (in
	 * sample mode, otherwise null), {@code forks}, {@code threads},
	 * {@code warmupIterations}, {@code warmupTime}, {@code measurementIterations} and
	 * {@code measurementTime} (as JMH writes them, {@code 2 s}).
	 * @param jmhJson what JMH's JSON result format wrote: an array, an object per
	 * benchmark and set of parameters
	 * @param leftOut parameters the rows leave out: the data folders, which are paths of
	 * the machine that ran (the results file's command names them, relative)
	 * @return the rows
	 * @throws IllegalArgumentException naming what is missing when the text is not JMH's
	 * JSON
	 */
	static List<ObjectNode> rows(String jmhJson, Set<String> leftOut) {
		JsonNode results;
		try {
			results = JSON.readTree(jmhJson);
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("JMH's results are not JSON: " + ex.getOriginalMessage(), ex);
		}
		if (!results.isArray()) {
			throw new IllegalArgumentException("JMH's results should be an array");
		}
		List<ObjectNode> rows = new ArrayList<>();
		results.forEach((result) -> rows.add(row(result, leftOut)));
		return rows;
	}

	private static ObjectNode row(JsonNode result, Set<String> leftOut) {
		ObjectNode row = JsonNodeFactory.instance.objectNode();
		row.put("benchmark", shortName(text(result, "benchmark")));
		ObjectNode params = JsonNodeFactory.instance.objectNode();
		JsonNode given = result.path("params");
		for (Map.Entry<String, JsonNode> param : given.properties()) {
			if (!leftOut.contains(param.getKey())) {
				params.put(param.getKey(), param.getValue().asString());
			}
		}
		row.put("params",
				params.properties()
					.stream()
					.map((param) -> param.getKey() + "=" + param.getValue().asString())
					.collect(Collectors.joining(", ")));
		row.set("paramValues", params);
		String mode = text(result, "mode");
		row.put("mode", mode);
		JsonNode metric = required(result, "primaryMetric");
		row.put("unit", text(metric, "scoreUnit"));
		row.put("score", number(metric, "score"));
		JsonNode error = metric.get("scoreError");
		if (error != null && error.isNumber()) {
			row.put("scoreError", error.asDouble());
		}
		else {
			row.putNull("scoreError");
		}
		if (mode.equals(SAMPLE)) {
			JsonNode percentiles = required(metric, "scorePercentiles");
			row.put("p50", number(percentiles, "50.0"));
			row.put("p99", number(percentiles, "99.0"));
		}
		else {
			row.putNull("p50");
			row.putNull("p99");
		}
		for (String key : List.of("forks", "threads", "warmupIterations")) {
			row.put(key, (int) number(result, key));
		}
		row.put("warmupTime", text(result, "warmupTime"));
		row.put("measurementIterations", (int) number(result, "measurementIterations"));
		row.put("measurementTime", text(result, "measurementTime"));
		return row;
	}

	/**
	 * A row for people: the benchmark, its parameters, the mode and its figures, such as
	 * {@code SearchBenchmark.toolSearch (tools=10000), sample: p50 15302.656, p99
	 * 31881.626 us/op}.
	 * @param row a row of {@link #rows}
	 * @return the line
	 */
	static String line(ObjectNode row) {
		String params = row.get("params").asString();
		String mode = row.get("mode").asString();
		double score = row.get("score").asDouble();
		JsonNode error = row.get("scoreError");
		String figures = mode.equals(SAMPLE)
				? String.format(Locale.ROOT, "p50 %.3f, p99 %.3f", row.get("p50").asDouble(), row.get("p99").asDouble())
				: error.isNull() ? String.format(Locale.ROOT, "%.3f", score)
						: String.format(Locale.ROOT, "%.3f ± %.3f", score, error.asDouble());
		return "%s%s, %s: %s %s".formatted(row.get("benchmark").asString(), params.isEmpty() ? "" : " (" + params + ")",
				mode, figures, row.get("unit").asString());
	}

	/** The class and method of a benchmark's full name. */
	private static String shortName(String benchmark) {
		String[] parts = benchmark.split("\\.");
		return (parts.length < 2) ? benchmark : parts[parts.length - 2] + "." + parts[parts.length - 1];
	}

	private static JsonNode required(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isObject()) {
			throw new IllegalArgumentException("a result of JMH has no object '" + key + "'");
		}
		return value;
	}

	private static String text(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isString()) {
			throw new IllegalArgumentException("a result of JMH has no text '" + key + "'");
		}
		return value.asString();
	}

	private static double number(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isNumber()) {
			throw new IllegalArgumentException("a result of JMH has no number '" + key + "'");
		}
		return value.asDouble();
	}

}
