package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link CatalogReport} over a small catalog and the BM25 index: the pairs a
 * model cannot tell apart, the tools their own text does not find, the tools without a
 * description, each with the property that fixes it.
 */
class CatalogReportTests {

	private static final List<SearchDocument> CATALOG = List.of(
			tool("math", "get_sum", "Adds two numbers and returns their sum"),
			tool("calc", "get-sum", "Returns the total of a list of prices"),
			tool("files", "read_file", "Read the complete contents of a file from disk"),
			tool("disk", "read", "read the complete contents of a FILE from disk."), tool("net", "ping", ""),
			tool("net", "trace", "Traces it"),
			tool("weather", "forecast", "Weather forecast for a city for the next days")
				.withHints(List.of("will it rain in Paris tomorrow", "sunny")));

	@Test
	void toolsOfTwoServersWithTheSameNameOrDescriptionArePairedWithTheirFix() {
		CatalogReport report = report(5);

		assertThat(report.confusable())
			.extracting(CatalogReport.Confusable::first, CatalogReport.Confusable::second,
					CatalogReport.Confusable::why)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("math__get_sum", "calc__get-sum", "the same name"),
					org.assertj.core.groups.Tuple.tuple("files__read_file", "disk__read", "the same description"));
		assertThat(report.confusable().get(1).fix()).contains("tools.lazy-mcp.servers.disk.deny",
				"tools.lazy-mcp.servers.disk.descriptions.read");
	}

	@Test
	void aToolItsOwnDescriptionDoesNotFindFirstIsReportedWithWhatWasFoundInstead() {
		assertThat(report(5).notFoundByOwnText()).as("every tool is among the first five for its own texts").isEmpty();

		CatalogReport firstOnly = report(1);

		// The two tools with one description: one of them comes first, the other is
		// missed.
		assertThat(firstOnly.notFoundByOwnText()).singleElement().satisfies((miss) -> {
			boolean disk = miss.tool().equals("disk__read");
			assertThat(miss.tool()).isIn("disk__read", "files__read_file");
			assertThat(miss.found()).containsExactly(disk ? "files__read_file" : "disk__read");
			assertThat(miss.fix()).contains(disk ? "tools.lazy-mcp.servers.disk.tools.read.examples"
					: "tools.lazy-mcp.servers.files.tools.read_file.examples");
		});
	}

	@Test
	void toolsWithoutThreeWordsOfDescriptionAreUndescribedAndNotSearchedFor() {
		CatalogReport report = report(5);

		assertThat(report.undescribed()).extracting(CatalogReport.Undescribed::tool)
			.containsExactly("net__ping", "net__trace");
		assertThat(report.undescribed().get(0).fix()).isEqualTo("tools.lazy-mcp.servers.net.descriptions.ping");
		assertThat(report.tools()).isEqualTo(7);
	}

	@Test
	void aDepthBelowOneIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> report(0)).withMessageContaining("depth");
	}

	private static CatalogReport report(int depth) {
		return CatalogReport.of(CATALOG, Rankers.bm25(RankingSettings.DEFAULTS).index(CATALOG), depth);
	}

	private static SearchDocument tool(String server, String name, String description) {
		return new SearchDocument(server + "__" + name, server, name, description, List.of());
	}

}
