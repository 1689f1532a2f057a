package io.github.lazymcp.tool.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shortlist of a ToolSearch result: the next matches, named with a one-line purpose,
 * not loaded, and at most fifteen tools named in one result.
 */
class ShortlistTests {

	private static final ToolSettings SETTINGS = new ToolSettings(2, 10, 200, ToolSettings.DeferredCall.ACTIVATE)
		.withShortlist(4);

	private final TokenCounter tokens = new TokenCounter();

	/** The sessions of the tests whose index abstains. */
	private final SessionStore sessions = SessionStore
		.inMemory(new SessionSettings(5, 100, Duration.ofHours(1), Duration.ofMinutes(1)), Clock.systemUTC());

	@Test
	void listsTheNextMatchesBesideTheLoadedOnesWithoutLoadingThem() {
		LazyToolsFixture fixture = fixture(SETTINGS, files());
		ToolSession session = fixture.sessions.session("s");

		SearchResult result = search(fixture, session, "{\"query\": \"file\"}");

		assertThat(result.tools()).hasSize(2);
		assertThat(result.shortlist()).hasSize(4)
			.allSatisfy((line) -> assertThat(line).startsWith("fs__").contains(": Does "));
		assertThat(session.tools().names())
			.containsExactlyElementsOf(result.tools().stream().map(SearchResult.FoundTool::name).toList());
		assertThat(result.message()).contains("The tools in 'shortlist' are not loaded")
			.contains("call ToolSearch with its exact name in 'names'");
		assertThat(result.toJson()).contains("\"shortlist\":[\"fs__");
	}

	@Test
	void aListedToolLoadsByTheNameTheShortlistGives() {
		LazyToolsFixture fixture = fixture(SETTINGS, files());
		ToolSession session = fixture.sessions.session("s");
		String listed = search(fixture, session, "{\"query\": \"file\"}").shortlist().get(0);
		String name = listed.substring(0, listed.indexOf(':'));

		SearchResult loaded = search(fixture, session, "{\"names\": [\"" + name + "\"]}");

		assertThat(loaded.tools()).extracting(SearchResult.FoundTool::name).containsExactly(name);
		assertThat(session.tools().names()).contains(name).hasSize(3);
	}

	@Test
	void aResultNamesAtMostTwentyToolsLoadedAndListedTogether() {
		FakeConnection many = new FakeConnection("docs");
		IntStream.range(0, 40).forEach((i) -> many.with("report_" + i, "Writes report number " + i + "."));
		LazyToolsFixture fixture = fixture(
				new ToolSettings(5, 12, 200, ToolSettings.DeferredCall.ACTIVATE).withShortlist(18), many);

		SearchResult byDefault = search(fixture, fixture.sessions.session("a"), "{\"query\": \"writes report\"}");
		SearchResult large = search(fixture, fixture.sessions.session("b"),
				"{\"query\": \"writes report\", \"limit\": 12}");

		assertThat(byDefault.tools()).hasSize(5);
		assertThat(byDefault.shortlist()).hasSize(15);
		assertThat(large.tools()).hasSize(12);
		assertThat(large.shortlist()).hasSize(8);
	}

	@Test
	void aShortlistOfZeroListsNothing() {
		LazyToolsFixture fixture = fixture(SETTINGS.withShortlist(0), files());

		SearchResult result = search(fixture, fixture.sessions.session("s"), "{\"query\": \"file\"}");

		assertThat(result.shortlist()).isEmpty();
		assertThat(result.toJson()).doesNotContain("shortlist");
	}

	@Test
	void toolsTheSessionHasActiveAreNotListedAgain() {
		LazyToolsFixture fixture = fixture(SETTINGS, files());
		ToolSession session = fixture.sessions.session("s");
		session.activate(List.of("fs__move_file", "fs__copy_file", "fs__stat_file"));

		SearchResult result = search(fixture, session, "{\"query\": \"file\"}");

		assertThat(result.shortlist()).noneMatch((line) -> line.startsWith("fs__move_file")
				|| line.startsWith("fs__copy_file") || line.startsWith("fs__stat_file"));
	}

	@Test
	void whenTheIndexAbstainsTheNearestToolsAreListedAndNoneIsLoaded() {
		ToolSession session = this.sessions.session("s");

		SearchResult result = abstaining(SETTINGS).search(session,
				SearchRequest.parse("{\"query\": \"book a flight\"}"));

		assertThat(result.tools()).isEmpty();
		assertThat(session.tools().names()).isEmpty();
		assertThat(result.shortlist()).hasSize(4).first().asString().startsWith("fs__read_file: ");
		assertThat(result.message()).startsWith("No tool matches that request closely, so nothing was activated.")
			.contains("The nearest tools are in 'shortlist', none of them loaded")
			.contains("call ToolSearch with its exact name in 'names'");
	}

	@Test
	void whenTheIndexAbstainsWithoutAShortlistNothingIsListed() {
		SearchResult result = abstaining(SETTINGS.withShortlist(0)).search(this.sessions.session("s"),
				SearchRequest.parse("{\"query\": \"book a flight\"}"));

		assertThat(result.shortlist()).isEmpty();
		assertThat(result.message()).startsWith("No suitable tool exists for that request");
	}

	@Test
	void aLineIsTheNameAndTheFirstSentenceOfThePurposeWithinTwentyTokens() {
		Shortlist shortlist = new Shortlist(this.tokens);
		CatalogTool tool = tool(new FakeConnection("kg").with("create_entities",
				"Create multiple new entities in the knowledge graph, each with a name, a type and observations "
						+ "that describe it in as many words as the author cared to write. Returns them."));

		String line = shortlist.line(tool);

		assertThat(line).startsWith("kg__create_entities: Create multiple new entities").endsWith("…");
		assertThat(this.tokens.count(line)).isLessThanOrEqualTo(Shortlist.MAX_LINE_TOKENS);
	}

	@Test
	void aShortPurposeIsKeptWhole() {
		CatalogTool tool = tool(new FakeConnection("kg").with("read_graph", "Read the knowledge graph.\nDetails."));

		assertThat(new Shortlist(this.tokens).line(tool)).isEqualTo("kg__read_graph: Read the knowledge graph.");
	}

	@Test
	void aNameLongerThanTheBudgetIsNeverCut() {
		String name = "qz_xv_kj_wp_yt_rb_nf_gd_hm_lc_qz_xv_kj_wp_yt_rb_nf_gd_hm_lc";
		CatalogTool tool = tool(new FakeConnection("s").with(name, "Does it."));

		assertThat(this.tokens.count("s__" + name)).isGreaterThan(Shortlist.MAX_LINE_TOKENS);
		assertThat(new Shortlist(this.tokens).line(tool)).isEqualTo("s__" + name);
	}

	@Test
	void fewerAreListedBesideALargeLimit() {
		assertThat(Shortlist.size(10, 5)).isEqualTo(10);
		assertThat(Shortlist.size(10, 10)).isEqualTo(10);
		assertThat(Shortlist.size(10, 15)).isEqualTo(5);
		assertThat(Shortlist.size(10, 20)).isZero();
		assertThat(Shortlist.size(10, 25)).isZero();
	}

	private static FakeConnection files() {
		return new FakeConnection("fs", "read_file", "write_file", "move_file", "copy_file", "stat_file", "delete_file",
				"touch_file");
	}

	/**
	 * The tool path over an index that abstains on every request, as the product's does
	 * when no tool is close enough, and answers a request for the nearest tools in
	 * catalog order.
	 */
	private LazyToolsFixture.Tools abstaining(ToolSettings settings) {
		ToolRanker ranker = new ToolRanker() {

			@Override
			public String id() {
				return "abstaining";
			}

			@Override
			public ToolIndex index(List<SearchDocument> documents) {
				return new ToolIndex() {

					@Override
					public List<ToolIndex.ToolMatch> search(Query query, int limit) {
						return !query.isNearest() ? List.of()
								: documents.stream()
									.limit(limit)
									.map((document) -> new ToolIndex.ToolMatch(document.name(), 0.1))
									.toList();
					}

					@Override
					public int size() {
						return documents.size();
					}

				};
			}

		};
		return LazyToolsFixture.Tools.over(
				new McpCatalog(List.of(files()), new CatalogSettings(0, 0, Map.of()), new TokenCounter()), ranker,
				this.sessions, settings, Learning.inMemory(LearningSettings.DEFAULTS.withEnabled(false)), Hints.NONE,
				Runnable::run);
	}

	private static LazyToolsFixture fixture(ToolSettings settings, FakeConnection... servers) {
		return new LazyToolsFixture(15, settings, List.of(), List.of(), servers);
	}

	private static SearchResult search(LazyToolsFixture fixture, ToolSession session, String json) {
		return fixture.registry.search(session, SearchRequest.parse(json));
	}

	private static CatalogTool tool(FakeConnection server) {
		LazyToolsFixture fixture = fixture(SETTINGS, server);
		return fixture.catalog.snapshot().tools().get(0);
	}

}
