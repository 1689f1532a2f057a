package io.github.lazymcp.benchmarks.cli;

import java.util.Set;

/**
 * Every option a command accepts: an option outside it is an error, never silently
 * ignored, unless the command hands the rest of its command line on.
 *
 * @param values the options that take a value ({@code --name value}), without the dashes
 * @param flags the options that take none ({@code --name})
 * @param passesRest whether arguments outside {@code values} and {@code flags} are kept,
 * in order, for {@link Options#rest()} (as {@code jmh} hands them to JMH) instead of
 * being errors
 */
public record OptionSpec(Set<String> values, Set<String> flags, boolean passesRest) {

	public OptionSpec {
		values = Set.copyOf(values);
		flags = Set.copyOf(flags);
	}

	/**
	 * The options of a command that takes nothing else.
	 * @param values the options that take a value
	 * @param flags the options that take none
	 * @return the spec
	 */
	public static OptionSpec of(Set<String> values, Set<String> flags) {
		return new OptionSpec(values, flags, false);
	}

}
