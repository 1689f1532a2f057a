package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.catalog.CatalogTool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class PerUserSearchBenchmarkTests {

	@TempDir
	Path folder;

	private PerUserSearchBenchmark benchmark;

	@AfterEach
	void tearDown() {
		if (this.benchmark != null) {
			this.benchmark.tearDown();
		}
	}

	@Test
	void withPerUserServersTheCatalogHoldsEveryIdentitysToolsOnceBesideTheSharedOnes() throws IOException {
		setUp("on");

		assertThat(this.benchmark.stack.lazyMcp.catalog().tools()).hasSize(3 + 5 * 2);
		assertThat(perUserTools(true)).hasSize(2);
		assertThat(perUserTools(false)).hasSize(4 * 2);
	}

	@Test
	void withScopesTheIdentitiesListHalvesOfOneSetOfToolsEachIndexedOnce() throws IOException {
		setUp("on", "scopes");

		assertThat(this.benchmark.stack.lazyMcp.catalog().tools()).hasSize(3 + 2 * 2);
		assertThat(perUserTools(true)).hasSize(2);
		assertThat(perUserTools(false)).hasSize(2);
	}

	@Test
	void withoutPerUserServersTheCatalogHoldsTheSameSharedToolsAlone() throws IOException {
		setUp("on");
		List<String> sharedOn = sharedTools();
		this.benchmark.tearDown();

		setUp("off");

		assertThat(this.benchmark.stack.lazyMcp.catalog().tools()).hasSize(3);
		assertThat(sharedTools()).isEqualTo(sharedOn);
	}

	@Test
	void theSearchingIdentityLoadsItsOwnPerUserToolsAndNeverAnotherIdentitys() throws IOException {
		setUp("on");
		List<String> own = perUserTools(true);
		List<String> others = perUserTools(false);
		ToolSession session = this.benchmark.stack.sessions.session("benchmark");

		for (String query : List.of("read the contents of a file", "send an email to my boss",
				"save a report to a file then email it", "create a note", "weather forecast for a city")) {
			search(Map.of("query", query, "limit", 10));
		}
		search(Map.of("names", own));
		search(Map.of("names", others));

		assertThat(session.tools().names()).containsAll(own).doesNotContainAnyElementsOf(others);
	}

	private void search(Map<String, Object> arguments) {
		String result = this.benchmark.stack.callback(LazyMcp.TOOL_SEARCH)
			.orElseThrow()
			.call(JsonMapper.shared().writeValueAsString(arguments), this.benchmark.context);
		assertThat(result).doesNotContain("\"error\"");
	}

	private List<String> perUserTools(boolean listedForTheSearchingIdentity) {
		return this.benchmark.stack.lazyMcp.catalog()
			.tools()
			.stream()
			.filter((tool) -> PerUserSearchBenchmark.SERVER.equals(tool.server()))
			.filter((tool) -> this.benchmark.server.allows(tool, this.benchmark.owner) == listedForTheSearchingIdentity)
			.map(CatalogTool::name)
			.toList();
	}

	private List<String> sharedTools() {
		return this.benchmark.stack.lazyMcp.catalog()
			.tools()
			.stream()
			.filter((tool) -> !PerUserSearchBenchmark.SERVER.equals(tool.server()))
			.map(CatalogTool::name)
			.sorted()
			.toList();
	}

	private void setUp(String perUser) throws IOException {
		setUp(perUser, "own");
	}

	private void setUp(String perUser, String lists) throws IOException {
		this.benchmark = new PerUserSearchBenchmark();
		this.benchmark.perUser = perUser;
		this.benchmark.shared = 3;
		this.benchmark.identities = 5;
		this.benchmark.perIdentity = 2;
		this.benchmark.lists = lists;
		this.benchmark.ranker = "bm25";
		TinyData.evalFile(this.folder, "sealtools-dev.json");
		TinyData.evalFile(this.folder, "toolbench-dev.json");
		this.benchmark.eval = this.folder.toString();
		this.benchmark.catalogs = TinyData.catalogs(this.folder).toString();
		this.benchmark.setUp();
	}

}
