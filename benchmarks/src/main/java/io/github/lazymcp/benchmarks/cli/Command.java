package io.github.lazymcp.benchmarks.cli;

/**
 * One command of the benchmark jar ({@code java -jar lazy-mcp-benchmarks.jar NAME ...}).
 * The jar parses the command's options with its {@link #options()} before it runs it, so
 * that an unknown or misspelt option stops the command before anything is measured.
 */
public interface Command {

	/**
	 * The command's name on the command line.
	 * @return the name, such as {@code eval}
	 */
	String name();

	/**
	 * The command's lines of the jar's usage text: each form on a line that starts with
	 * the command's name; a line that starts with spaces continues the form above it and
	 * is printed as it is.
	 * @return the lines, separated by {@code \n}
	 */
	String usage();

	/**
	 * Every option the command accepts.
	 * @return the options
	 */
	OptionSpec options();

	/**
	 * Runs the command.
	 * @param options the parsed options
	 * @param out where the command reports
	 * @return the exit status: 0, or 1 when a target was missed
	 * @throws IllegalArgumentException for an option's wrong value or a missing one (the
	 * jar exits with status 2 and prints its usage)
	 * @throws Exception when the command cannot run
	 */
	int run(Options options, Output out) throws Exception;

}
