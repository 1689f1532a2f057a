package io.github.lazymcp.benchmarks;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Command-line options of the form {@code --name value} and {@code --flag}. Every option
 * a command accepts is declared: an unknown or misspelt one is an error, never silently
 * ignored, since a figure measured with a flag that did not take effect is a wrong
 * figure.
 */
public final class Args {

	private final Map<String, String> values = new HashMap<>();

	private final Set<String> flags = new HashSet<>();

	private Args() {
	}

	/**
	 * Parses options.
	 * @param arguments the arguments after the subcommand
	 * @param valueNames options that take a value
	 * @param flagNames options that take no value
	 * @return the options
	 * @throws IllegalArgumentException for an option the command does not know, anything
	 * that is not an option, an option given twice, or one that lacks its value
	 */
	public static Args parse(List<String> arguments, Set<String> valueNames, Set<String> flagNames) {
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
			else if (!valueNames.contains(name)) {
				Set<String> known = new TreeSet<>(valueNames);
				known.addAll(flagNames);
				throw new IllegalArgumentException(
						"Unknown option '%s'; this command takes --%s".formatted(argument, String.join(", --", known)));
			}
			else if (i + 1 < arguments.size()) {
				if (args.values.put(name, arguments.get(++i)) != null) {
					throw new IllegalArgumentException("Option '" + argument + "' is given twice");
				}
			}
			else {
				throw new IllegalArgumentException("Option '" + argument + "' needs a value");
			}
		}
		return args;
	}

	public String get(String name, String fallback) {
		return this.values.getOrDefault(name, fallback);
	}

	public String require(String name) {
		String value = this.values.get(name);
		if (value == null) {
			throw new IllegalArgumentException("Missing option --" + name);
		}
		return value;
	}

	public boolean has(String name) {
		return this.values.containsKey(name);
	}

	public int integer(String name, int fallback) {
		String value = this.values.get(name);
		try {
			return (value != null) ? Integer.parseInt(value) : fallback;
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("--%s takes a whole number, was '%s'".formatted(name, value));
		}
	}

	public double decimal(String name, double fallback) {
		String value = this.values.get(name);
		try {
			return (value != null) ? Double.parseDouble(value) : fallback;
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("--%s takes a number, was '%s'".formatted(name, value));
		}
	}

	public boolean flag(String name) {
		return this.flags.contains(name);
	}

}
