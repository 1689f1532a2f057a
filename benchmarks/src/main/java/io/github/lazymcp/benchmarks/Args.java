package io.github.lazymcp.benchmarks;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line options of the form {@code --name value} and {@code --flag}.
 */
final class Args {

	private final Map<String, String> values = new HashMap<>();

	private final Set<String> flags = new HashSet<>();

	private Args() {
	}

	/**
	 * Parses options.
	 * @param arguments the arguments after the subcommand
	 * @param flagNames options that take no value
	 * @return the options
	 * @throws IllegalArgumentException for anything that is not an option or lacks its
	 * value
	 */
	static Args parse(List<String> arguments, Set<String> flagNames) {
		Args args = new Args();
		for (int i = 0; i < arguments.size(); i++) {
			String argument = arguments.get(i);
			if (!argument.startsWith("--")) {
				throw new IllegalArgumentException("Unexpected argument '" + argument + "'");
			}
			String name = argument.substring(2);
			if (flagNames.contains(name)) {
				args.flags.add(name);
			}
			else if (i + 1 < arguments.size()) {
				args.values.put(name, arguments.get(++i));
			}
			else {
				throw new IllegalArgumentException("Option '" + argument + "' needs a value");
			}
		}
		return args;
	}

	String get(String name, String fallback) {
		return this.values.getOrDefault(name, fallback);
	}

	String require(String name) {
		String value = this.values.get(name);
		if (value == null) {
			throw new IllegalArgumentException("Missing option --" + name);
		}
		return value;
	}

	boolean has(String name) {
		return this.values.containsKey(name);
	}

	int integer(String name, int fallback) {
		String value = this.values.get(name);
		return (value != null) ? Integer.parseInt(value) : fallback;
	}

	boolean flag(String name) {
		return this.flags.contains(name);
	}

}
