package io.github.lazymcp.benchmarks.cli;

import java.io.PrintStream;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prints a command's report: text and results on standard output, results as compact JSON
 * (one object a line) when the command was asked for JSON, notes on standard error.
 */
public final class ConsoleOutput implements Output {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final PrintStream out;

	private final PrintStream err;

	private final boolean json;

	/**
	 * An output to the given streams.
	 * @param out where text and results go
	 * @param err where notes go
	 * @param json whether results are printed as JSON
	 */
	public ConsoleOutput(PrintStream out, PrintStream err, boolean json) {
		this.out = out;
		this.err = err;
		this.json = json;
	}

	/**
	 * An output to {@code System.out} and {@code System.err}.
	 * @param json whether results are printed as JSON
	 * @return the output
	 */
	public static ConsoleOutput standard(boolean json) {
		return new ConsoleOutput(System.out, System.err, json);
	}

	@Override
	public void text(String line) {
		this.out.println(line);
	}

	@Override
	public void result(ObjectNode json, String row) {
		this.out.println(this.json ? JSON.writeValueAsString(json) : row);
	}

	@Override
	public void note(String line) {
		this.err.println(line);
	}

}
