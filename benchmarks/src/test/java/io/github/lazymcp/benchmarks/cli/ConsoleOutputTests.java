package io.github.lazymcp.benchmarks.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleOutputTests {

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	@Test
	void printsAResultAsCompactJsonWhenAskedForJsonAndNotesOnStandardError() {
		Output output = output(true);

		output.text("header");
		output.result(result(), "row");
		output.note("a note");

		assertThat(this.out.toString(StandardCharsets.UTF_8)).isEqualTo(
				"header" + System.lineSeparator() + "{\"ranker\":\"bm25\",\"top1\":0.5}" + System.lineSeparator());
		assertThat(this.err.toString(StandardCharsets.UTF_8)).isEqualTo("a note" + System.lineSeparator());
	}

	@Test
	void printsAResultsRowForPeopleOtherwise() {
		output(false).result(result(), "bm25  0.500");

		assertThat(this.out.toString(StandardCharsets.UTF_8)).isEqualTo("bm25  0.500" + System.lineSeparator());
	}

	private Output output(boolean json) {
		return new ConsoleOutput(new PrintStream(this.out, true, StandardCharsets.UTF_8),
				new PrintStream(this.err, true, StandardCharsets.UTF_8), json);
	}

	private static ObjectNode result() {
		ObjectNode json = JsonNodeFactory.instance.objectNode();
		json.put("ranker", "bm25");
		json.put("top1", 0.5);
		return json;
	}

}
