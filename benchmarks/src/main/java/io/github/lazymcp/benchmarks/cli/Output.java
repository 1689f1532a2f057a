package io.github.lazymcp.benchmarks.cli;

import tools.jackson.databind.node.ObjectNode;

/**
 * Where a command reports. A command prints nothing itself: its lines and results go
 * here, so that where they end up is decided in one place.
 */
public interface Output {

	/**
	 * A line of the command's report for people, on standard output.
	 * @param line the line (it may hold line breaks)
	 */
	void text(String line);

	/**
	 * One result: its JSON when the command was asked for JSON, otherwise its row or
	 * lines for people.
	 * @param json the result as JSON
	 * @param row the result for people
	 */
	void result(ObjectNode json, String row);

	/**
	 * A line about the run (progress, a choice made, a warning), on standard error: never
	 * part of the results.
	 * @param line the line
	 */
	void note(String line);

	/**
	 * Whether the results are kept beyond the console, as {@code --results FILE} keeps
	 * them in a results file. A command whose results a tool of its own already prints
	 * ({@code jmh}'s, JMH's summary) reports them as results only then, so that without
	 * {@code --results} it prints what it always did.
	 * @return whether results are kept; false unless an output says otherwise
	 */
	default boolean keepsResults() {
		return false;
	}

}
