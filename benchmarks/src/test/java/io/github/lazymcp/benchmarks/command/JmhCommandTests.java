package io.github.lazymcp.benchmarks.command;

import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.benchmarks.cli.Options;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JmhCommandTests {

	@Test
	void turnsTheFoldersIntoBenchmarkParametersAndHandsEverythingElseToJmhInOrder() {
		JmhCommand command = new JmhCommand();
		Options args = Options.parse(List.of("SearchBenchmark", "--catalogs", "c", "-p", "tools=1000", "--eval", "e"),
				command.options());

		assertThat(JmhCommand.jmhArguments(args)).containsExactly("-p", "eval=" + Path.of("e").toAbsolutePath(), "-p",
				"catalogs=" + Path.of("c").toAbsolutePath(), "SearchBenchmark", "-p", "tools=1000");
	}

}
