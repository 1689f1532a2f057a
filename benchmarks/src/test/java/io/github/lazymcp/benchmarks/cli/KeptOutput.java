package io.github.lazymcp.benchmarks.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import tools.jackson.databind.node.ObjectNode;

/**
 * An output that keeps a command's results, as {@code --results} does, and prints to a
 * console of its own what the real one would.
 */
public final class KeptOutput implements Output {

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	private final ByteArrayOutputStream notes = new ByteArrayOutputStream();

	private final RecordingOutput recording;

	/**
	 * An output.
	 * @param json whether the console prints results as JSON, as with {@code --json}
	 */
	public KeptOutput(boolean json) {
		this.recording = new RecordingOutput(
				new ConsoleOutput(new PrintStream(this.printed, true, StandardCharsets.UTF_8),
						new PrintStream(this.notes, true, StandardCharsets.UTF_8), json));
	}

	@Override
	public void text(String line) {
		this.recording.text(line);
	}

	@Override
	public void result(ObjectNode json, String row) {
		this.recording.result(json, row);
	}

	@Override
	public void note(String line) {
		this.recording.note(line);
	}

	@Override
	public boolean keepsResults() {
		return this.recording.keepsResults();
	}

	/** The results, in order, as a results file would hold them. */
	public List<ObjectNode> results() {
		return this.recording.results();
	}

	/** What the console printed on standard output. */
	public String printed() {
		return this.printed.toString(StandardCharsets.UTF_8);
	}

	/** What the console printed on standard error. */
	public String notes() {
		return this.notes.toString(StandardCharsets.UTF_8);
	}

}
