package io.github.lazymcp.benchmarks.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.benchmarks.cli.ConsoleOutput;
import io.github.lazymcp.benchmarks.cli.KeptOutput;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class CatalogReportCommandTests {

	@TempDir
	Path folder;

	@Test
	void reportsTheCountsAndNamesTheToolWithoutADescription() throws Exception {
		Path catalogs = TinyData.catalogs(this.folder);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		CatalogReportCommand command = new CatalogReportCommand();

		command.run(Options.parse(List.of("--catalogs", catalogs.toString(), "--ranker", "bm25"), command.options()),
				new ConsoleOutput(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, false));

		assertThat(out.toString(StandardCharsets.UTF_8)).contains("3 tools of 2 servers, ranker bm25")
			.contains("confusable pairs: 0 (0 by name, 0 by description)")
			.contains("not found by their own description: 0")
			.contains("without a usable description: 1")
			.contains("notes/list_notes; fix: tools.lazy-mcp.servers.notes.descriptions.list_notes");
	}

	@Test
	void theReportIsOneResultWhoseJsonHoldsTheCountsAndTheExamplesItPrints() throws Exception {
		Path catalogs = TinyData.catalogs(this.folder);
		KeptOutput out = new KeptOutput(false);
		CatalogReportCommand command = new CatalogReportCommand();

		command.run(Options.parse(List.of("--catalogs", catalogs.toString(), "--ranker", "bm25"), command.options()),
				out);

		assertThat(out.results()).singleElement()
			.hasToString("{\"catalog\":\"catalogs\",\"tools\":3,\"servers\":2,\"ranker\":\"bm25\",\"depth\":5,"
					+ "\"confusable\":0,\"confusableByName\":0,\"confusableByDescription\":0,\"notFoundByOwnText\":0,"
					+ "\"undescribed\":1,\"examples\":{\"confusable\":[],\"notFoundByOwnText\":[],\"undescribed\":"
					+ "[{\"tool\":\"notes/list_notes\","
					+ "\"fix\":\"tools.lazy-mcp.servers.notes.descriptions.list_notes\"}]}}");
		assertThat(out.printed()).isEqualTo("""
				3 tools of 2 servers, ranker bm25, own text must find its tool in the top 5
				confusable pairs: 0 (0 by name, 0 by description)
				not found by their own description: 0
				without a usable description: 1
				  notes/list_notes; fix: tools.lazy-mcp.servers.notes.descriptions.list_notes"""
				+ System.lineSeparator());
	}

}
