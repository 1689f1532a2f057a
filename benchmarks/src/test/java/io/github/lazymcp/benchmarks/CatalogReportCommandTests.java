package io.github.lazymcp.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

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
		PrintStream previous = System.out;
		System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
		try {
			CatalogReportCommand.run(List.of("--catalogs", catalogs.toString(), "--ranker", "bm25"));
		}
		finally {
			System.setOut(previous);
		}

		assertThat(out.toString(StandardCharsets.UTF_8)).contains("3 tools of 2 servers, ranker bm25")
			.contains("confusable pairs: 0 (0 by name, 0 by description)")
			.contains("not found by their own description: 0")
			.contains("without a usable description: 1")
			.contains("notes/list_notes; fix: tools.lazy-mcp.servers.notes.descriptions.list_notes");
	}

}
