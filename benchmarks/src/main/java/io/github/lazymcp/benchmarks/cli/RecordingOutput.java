package io.github.lazymcp.benchmarks.cli;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.node.ObjectNode;

/**
 * An output that reports as another does and keeps the results, in order, for a results
 * file ({@code --results FILE}). Not thread-safe: a command reports from one thread.
 */
public final class RecordingOutput implements Output {

	private final Output console;

	private final List<ObjectNode> results = new ArrayList<>();

	/**
	 * An output that keeps the results.
	 * @param console where everything is also reported
	 */
	public RecordingOutput(Output console) {
		this.console = console;
	}

	@Override
	public void text(String line) {
		this.console.text(line);
	}

	@Override
	public void result(ObjectNode json, String row) {
		this.results.add(json.deepCopy());
		this.console.result(json, row);
	}

	@Override
	public void note(String line) {
		this.console.note(line);
	}

	@Override
	public boolean keepsResults() {
		return true;
	}

	/**
	 * The results reported so far.
	 * @return them, in order, as a results file holds them
	 */
	public List<ObjectNode> results() {
		return List.copyOf(this.results);
	}

}
