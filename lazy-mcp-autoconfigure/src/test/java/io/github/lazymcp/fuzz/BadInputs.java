package io.github.lazymcp.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import tools.jackson.databind.json.JsonMapper;

/**
 * A seeded generator of wrong input for the bad-input suites: random JSON of every shape
 * over the keys the model-facing tools know, documents cut short, strings that are too
 * long, empty, control characters and surrogates, numbers out of every range. The same
 * seed gives the same inputs, so a failure can be replayed.
 */
public final class BadInputs {

	/** The seed every suite uses; change it locally to explore, never in a commit. */
	public static final long SEED = 20261123L;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String[] KEYS = { "query", "names", "limit", "tools", "action", "name", "intent", "path",
			"entities", "" };

	private static final String[] WORDS = { "list", "discover", "enable", "disable", "memory", "files",
			"memory__read_graph", "ToolSearch", "capability", "read a file", "*", "server__*", "null",
			"../../etc/passwd", "DROP TABLE lazy_mcp_session;" };

	private final Random random;

	public BadInputs(long seed) {
		this.random = new Random(seed);
	}

	/**
	 * Tool-call arguments: half random JSON objects over known keys, half raw text that
	 * may not be JSON at all.
	 * @param count how many
	 * @return the arguments, as the model would send them
	 */
	public List<String> toolArguments(int count) {
		return generate(count, () -> this.random.nextBoolean() ? JSON.writeValueAsString(object(3)) : rawText());
	}

	/**
	 * Any text: raw text, JSON of any shape, or JSON cut short.
	 * @param count how many
	 * @return the texts
	 */
	public List<String> texts(int count) {
		return generate(count, () -> switch (this.random.nextInt(3)) {
			case 0 -> rawText();
			case 1 -> JSON.writeValueAsString(value(3));
			default -> {
				String json = JSON.writeValueAsString(object(3));
				yield json.substring(0, this.random.nextInt(json.length() + 1));
			}
		});
	}

	/**
	 * One of the given strings, chosen at random.
	 * @param choices the strings
	 * @return one of them
	 */
	public String pick(List<String> choices) {
		return choices.get(this.random.nextInt(choices.size()));
	}

	/**
	 * A random integer in {@code [0, bound)}.
	 * @param bound the bound
	 * @return the integer
	 */
	public int nextInt(int bound) {
		return this.random.nextInt(bound);
	}

	/**
	 * A text of any kind, short or very long.
	 * @return the text
	 */
	public String string() {
		return switch (this.random.nextInt(9)) {
			case 0 -> "";
			case 1 -> " \t\n ";
			case 2 -> "x".repeat(1000 + this.random.nextInt(9000));
			case 3 -> "\u0000\u001b[31m\u202e";
			case 4 -> "\ud83d";
			case 5 -> "\"'\\{}[]";
			case 6 -> String.valueOf(this.random.nextLong());
			default -> WORDS[this.random.nextInt(WORDS.length)];
		};
	}

	private List<String> generate(int count, Supplier<String> one) {
		List<String> inputs = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			inputs.add(one.get());
		}
		return inputs;
	}

	private String rawText() {
		return switch (this.random.nextInt(8)) {
			case 0 -> "";
			case 1 -> "null";
			case 2 -> "[]";
			case 3 -> "{";
			case 4 -> "}}{{";
			case 5 -> "<xml/>";
			case 6 -> "{\"query\": " + string();
			default -> string();
		};
	}

	private java.util.Map<String, Object> object(int depth) {
		java.util.Map<String, Object> object = new java.util.LinkedHashMap<>();
		int size = this.random.nextInt(4);
		for (int i = 0; i < size; i++) {
			object.put(KEYS[this.random.nextInt(KEYS.length)], value(depth - 1));
		}
		return object;
	}

	private @org.jspecify.annotations.Nullable Object value(int depth) {
		int kind = this.random.nextInt((depth > 0) ? 9 : 7);
		return switch (kind) {
			case 0 -> null;
			case 1 -> this.random.nextBoolean();
			case 2 -> this.random.nextInt();
			case 3 -> (this.random.nextBoolean() ? Long.MAX_VALUE : -this.random.nextInt(1000));
			case 4 -> this.random.nextDouble() * 1e300;
			case 5, 6 -> string();
			case 7 -> {
				List<Object> list = new ArrayList<>();
				int size = this.random.nextInt(12);
				for (int i = 0; i < size; i++) {
					list.add(value(depth - 1));
				}
				yield list;
			}
			default -> object(depth - 1);
		};
	}

}
