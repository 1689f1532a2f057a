package io.github.lazymcp.benchmarks.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Command-line options of the form {@code --name value} and {@code --flag}. Every option
 * a command accepts is declared ({@link OptionSpec}): an unknown or misspelt one is an
 * error, never silently ignored, since a figure measured with a flag that did not take
 * effect is a wrong figure.
 */
public final class Options {

	private final Map<String, String> values = new HashMap<>();

	private final Set<String> flags = new HashSet<>();

	private final List<String> rest = new ArrayList<>();

	private Options() {
	}

	/**
	 * Parses a command's options.
	 * @param arguments the arguments after the command's name
	 * @param spec the options the command accepts
	 * @return the options
	 * @throws IllegalArgumentException for an option the command does not know or
	 * anything that is not an option (unless the spec passes the rest on), an option
	 * given twice, or one that lacks its value
	 */
	public static Options parse(List<String> arguments, OptionSpec spec) {
		Options args = new Options();
		for (int i = 0; i < arguments.size(); i++) {
			String argument = arguments.get(i);
			String name = argument.startsWith("--") ? argument.substring(2) : "";
			if (spec.flags().contains(name)) {
				args.flags.add(name);
			}
			else if (!spec.values().contains(name)) {
				args.rest.add(unknown(argument, spec));
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

	/** An argument the spec does not declare: kept for the rest, or an error. */
	private static String unknown(String argument, OptionSpec spec) {
		if (spec.passesRest()) {
			return argument;
		}
		if (!argument.startsWith("--")) {
			throw new IllegalArgumentException("Unexpected argument '" + argument + "'");
		}
		Set<String> known = new TreeSet<>(spec.values());
		known.addAll(spec.flags());
		throw new IllegalArgumentException(
				"Unknown option '%s'; this command takes --%s".formatted(argument, String.join(", --", known)));
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

	/**
	 * An option that is {@code on} or {@code off}.
	 * @param name the option
	 * @param fallback its value when it is not given
	 * @return whether it is on
	 * @throws IllegalArgumentException for any other value
	 */
	public boolean onOff(String name, boolean fallback) {
		String value = this.values.get(name);
		if (value == null) {
			return fallback;
		}
		return switch (value) {
			case "on" -> true;
			case "off" -> false;
			default ->
				throw new IllegalArgumentException("--%s must be 'on' or 'off', was '%s'".formatted(name, value));
		};
	}

	public boolean flag(String name) {
		return this.flags.contains(name);
	}

	/**
	 * The arguments the spec does not declare, in order, when it passes them on.
	 * @return the arguments
	 */
	public List<String> rest() {
		return List.copyOf(this.rest);
	}

}
