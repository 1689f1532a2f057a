package io.github.lazymcp.benchmarks.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One run's results as one JSON file: {@code {"header": {...}, "results": [...]}}, where
 * each result is exactly the object the command's {@code --json} prints (one per ranker,
 * mode or row), keys in the order the command wrote them. The docs' tables are generated
 * from these files.
 *
 * @param header where the figures come from
 * @param results the command's JSON objects, in the order it printed them (not copied)
 */
public record ResultsFile(RunHeader header, List<ObjectNode> results) {

	/**
	 * The keys of timings, which vary from run to run and machine to machine: any key
	 * ending in {@code Ms} (such as {@code p50Ms}, {@code p99Ms}) or {@code Nanos}.
	 */
	public static final Predicate<String> LATENCY = (key) -> key.endsWith("Ms") || key.endsWith("Nanos");

	public ResultsFile {
		results = List.copyOf(results);
	}

	/**
	 * Reads a results file.
	 * @param file the file
	 * @return what it holds
	 * @throws IOException when it cannot be read
	 * @throws IllegalArgumentException naming the file when it is not a results file
	 */
	public static ResultsFile read(Path file) throws IOException {
		try {
			return parse(Files.readString(file));
		}
		catch (JacksonException | IllegalArgumentException ex) {
			throw new IllegalArgumentException(file + " is not a results file: " + ex.getMessage(), ex);
		}
	}

	static ResultsFile parse(String json) {
		JsonNode root = Json.MAPPER.readTree(json);
		JsonNode results = root.get("results");
		if (results == null || !results.isArray()) {
			throw new IllegalArgumentException("'results' should be an array");
		}
		List<ObjectNode> objects = new ArrayList<>();
		for (JsonNode result : results) {
			if (!result.isObject()) {
				throw new IllegalArgumentException("every result should be an object, was " + result);
			}
			objects.add((ObjectNode) result);
		}
		return new ResultsFile(RunHeader.of(Json.object(root, "header")), objects);
	}

	/**
	 * Writes this file, its folder created if needed; indented, ending with a new line.
	 * @param file where
	 * @throws IOException when it cannot be written
	 */
	public void write(Path file) throws IOException {
		Path folder = file.toAbsolutePath().getParent();
		if (folder != null) {
			Files.createDirectories(folder);
		}
		Files.writeString(file, toJson() + "\n");
	}

	/**
	 * This file's text.
	 * @return indented JSON, the header first
	 */
	public String toJson() {
		ObjectNode root = Json.MAPPER.createObjectNode();
		this.header.into(root.putObject("header"));
		ArrayNode array = root.putArray("results");
		this.results.forEach(array::add);
		return Json.MAPPER.writeValueAsString(root);
	}

	/**
	 * Compares the results of two runs, as CI compares a rerun with the committed file.
	 * The headers are not compared, nor {@link #LATENCY} keys at any depth.
	 * @param other the other run
	 * @param ignoredKey further keys to leave out, at any depth
	 * @return one line per difference, {@code path: this value ≠ other value}; empty when
	 * the results are the same
	 */
	public List<String> same(ResultsFile other, Predicate<String> ignoredKey) {
		Predicate<String> ignored = LATENCY.or(ignoredKey);
		List<String> differences = new ArrayList<>();
		if (this.results.size() != other.results.size()) {
			differences.add("results: %d objects ≠ %d".formatted(this.results.size(), other.results.size()));
		}
		for (int i = 0; i < Math.min(this.results.size(), other.results.size()); i++) {
			compare("results[" + i + "]", this.results.get(i), other.results.get(i), ignored, differences);
		}
		return differences;
	}

	private static void compare(String path, JsonNode one, JsonNode other, Predicate<String> ignored,
			List<String> differences) {
		if (one.isObject() && other.isObject()) {
			Set<String> keys = new LinkedHashSet<>(one.propertyNames());
			keys.addAll(other.propertyNames());
			for (String key : keys) {
				if (!ignored.test(key)) {
					compare(path + "." + key, value(one.get(key)), value(other.get(key)), ignored, differences);
				}
			}
		}
		else if (one.isArray() && other.isArray() && one.size() == other.size()) {
			for (int i = 0; i < one.size(); i++) {
				compare(path + "[" + i + "]", one.get(i), other.get(i), ignored, differences);
			}
		}
		else if (!equal(one, other)) {
			differences.add(path + ": " + shown(one) + " ≠ " + shown(other));
		}
	}

	private static JsonNode value(@Nullable JsonNode node) {
		return (node != null) ? node : MissingNode.getInstance();
	}

	private static String shown(JsonNode node) {
		return node.isMissingNode() ? "(none)" : node.toString();
	}

	private static boolean equal(JsonNode one, JsonNode other) {
		return (one.isNumber() && other.isNumber()) ? one.decimalValue().compareTo(other.decimalValue()) == 0
				: one.equals(other);
	}

}
