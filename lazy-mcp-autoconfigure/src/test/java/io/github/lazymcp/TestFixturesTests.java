package io.github.lazymcp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.routing.RoutingFixtures;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.CatalogFixtures;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.internal.SearchFixtures;
import io.github.lazymcp.tool.UserTurn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The test fixtures the benchmarks measure lazy-mcp with do what lazy-mcp does: they
 * reach the real parts, never a copy of them.
 */
class TestFixturesTests {

	private LazyMcp lazyMcp;

	@AfterEach
	void close() {
		if (this.lazyMcp != null) {
			this.lazyMcp.close();
		}
	}

	@Test
	void aTurnStartTellsTheListenersAndTheNextStepCarriesWhatTheyAttached() {
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file", "list_directory")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(true))
			.build();
		assertThat(this.lazyMcp.searchable()).succeedsWithin(Duration.ofSeconds(30));
		ToolSession session = this.lazyMcp.sessions().session("c-1");
		Function<ToolSession, List<ToolCallback>> step = LazyMcpFixtures.wireStep(this.lazyMcp);
		assertThat(names(step.apply(session))).contains(LazyMcp.TOOL_SEARCH).doesNotContain("fs__read_file");

		LazyMcpFixtures.turnStarted(this.lazyMcp, session, UserTurn.first("read the file report.txt"));

		assertThat(names(step.apply(session))).contains(LazyMcp.TOOL_SEARCH, "fs__read_file");
	}

	@Test
	void whatTheTeacherTeachesIsKeptAndTheIndexVotesWithItOnceRelearned() {
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.build();
		LazyMcpFixtures.Teacher teacher = LazyMcpFixtures.teacher(this.lazyMcp);

		teacher.succeeded("fs__read_file", "show me my notes");
		teacher.succeeded("fs__write_file", "save the shopping list");
		teacher.failed("fs__write_file");

		assertThat(teacher.uses()).isEqualTo(2);
		assertThat(this.lazyMcp.indexed()).succeedsWithin(Duration.ofSeconds(30));
		LazyMcpFixtures.relearn(this.lazyMcp);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(this.lazyMcp.operations().learnedUses()).isEqualTo(2));
	}

	@Test
	void tokensAreCountedAsLazyMcpCountsTheCatalog() {
		this.lazyMcp = LazyMcp.builder().build();
		ToolDefinition definition = ToolDefinition.builder()
			.name("read_file")
			.description("Read the complete contents of a file from disk.")
			.inputSchema("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}}")
			.build();

		CatalogFixtures.Tokens tokens = CatalogFixtures.tokens();

		assertThat(tokens.count(definition)).isEqualTo(this.lazyMcp.tokens(definition)).isPositive();
		assertThat(tokens.count("hello world")).isEqualTo(2);
	}

	@Test
	void anEmbedderEmbedsAQueryOnceWhateverAsksAgain() {
		AtomicInteger requests = new AtomicInteger();
		EmbeddingFixtures.Embedder embedder = EmbeddingFixtures.of(new WordHashModel(64) {

			@Override
			void received(List<String> texts) {
				requests.incrementAndGet();
			}

		}, "word-hash");
		Query query = Query.of("read a file");

		float[] first = embedder.embed(query);

		assertThat(embedder.embed(query)).isSameAs(first);
		assertThat(requests).hasValue(1);
	}

	@Test
	void anEmbedderWhoseModelCannotBeLoadedSaysWhy() {
		EmbeddingSettings settings = EmbeddingSettings.DEFAULTS.withCacheDirectory(null);
		EmbeddingFixtures.Embedder embedder = EmbeddingFixtures.of(settings,
				new FilteredClassLoader(new ClassPathResource(settings.model().onnxResource())));

		assertThatIllegalStateException().isThrownBy(embedder::load)
			.withMessageContaining("The embedding model '%s' could not be loaded".formatted(settings.model().id()));
	}

	@Test
	void theRankersRankAsLazyMcpsAndTheOracleChoosesWeightsForTheLabelledRequests() {
		EmbeddingFixtures.Embedder embedder = EmbeddingFixtures.of(new WordHashModel(64) {

			@Override
			void received(List<String> texts) {
			}

		}, "word-hash");
		List<SearchDocument> documents = List.of(
				SearchDocument.of("fs__read_file", "fs", "read_file", "Read the contents of a file.", null),
				SearchDocument.of("fs__write_file", "fs", "write_file", "Write text into a file.", null),
				SearchDocument.of("mail__send", "mail", "send", "Send an email to someone.", null));

		ToolIndex hybrid = SearchFixtures.ranker(RankingSettings.DEFAULTS, embedder).index(documents);
		ToolIndex oracle = SearchFixtures.oracle(hybrid, Map.of("mail my friend", Set.of("mail__send")));

		assertThat(hybrid.search("send an email", 1)).extracting(ToolMatch::name).containsExactly("mail__send");
		assertThat(SearchFixtures.cosine(embedder, true).index(documents).search("read the file", 1))
			.extracting(ToolMatch::name)
			.containsExactly("fs__read_file");
		assertThat(SearchFixtures.fit(oracle)).hasValueSatisfying((weights) -> {
			assertThat(weights.requests()).isEqualTo(1);
			assertThat(weights.configuredSparse()).isEqualTo(RankingSettings.DEFAULTS.sparseWeight());
			assertThat(weights.configuredGap()).isEqualTo(RankingSettings.DEFAULTS.sparseGapWeight());
		});
		assertThat(SearchFixtures
			.fit(SearchFixtures.ranker(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25), embedder)
				.index(documents)))
			.isEmpty();
	}

	@Test
	void theCatalogReportIsTheRecordTheCatalogEndpointShows() {
		List<SearchDocument> documents = List.of(
				SearchDocument.of("files__read_file", "files", "read_file", "Read the contents of a file from disk",
						null),
				SearchDocument.of("disk__read", "disk", "read", "read the contents of a FILE from disk.", null),
				SearchDocument.of("net__ping", "net", "ping", "", null));
		ToolIndex index = SearchFixtures
			.ranker(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25),
					EmbeddingFixtures.of(EmbeddingSettings.DEFAULTS))
			.index(documents);

		LazyMcpOperations.CatalogReport report = SearchFixtures.catalogReport(documents, index, 5);

		assertThat(report.tools()).isEqualTo(3);
		assertThat(report.confusable()).singleElement()
			.satisfies((pair) -> assertThat(pair.why()).isEqualTo("the same description"));
		assertThat(report.undescribed()).extracting(LazyMcpOperations.Undescribed::tool).containsExactly("net__ping");
	}

	@Test
	void theRouterRoutesAsAutoActivationDoesAndGeneralRequestsHoldItBack() {
		Path capabilities = Path.of("src", "test", "resources", "capabilities-it", "sharing");
		EmbeddingFixtures.Embedder embedder = EmbeddingFixtures.of(EmbeddingSettings.DEFAULTS.withCacheDirectory(null));
		String message = "list the folder of holiday photos";

		RoutingFixtures.Router bundled = RoutingFixtures.router(capabilities, null, CapabilitySettings.DEFAULTS.gate(),
				embedder);
		RoutingFixtures.Router own = RoutingFixtures.router(capabilities,
				String.join("\n", message, "show the folder of holiday photos", "list the album of holiday photos"),
				CapabilitySettings.DEFAULTS.gate(), embedder);

		assertThat(bundled.route(message).chosen()).isEqualTo("files-browse");
		assertThat(bundled.route(message).text()).isEqualTo(message);
		assertThat(own.generalRequests()).isEqualTo(3);
		LazyMcpOperations.Decision held = own.route(message);
		assertThat(held.chosen()).isNull();
		assertThat(held.reason()).contains("general requests score");
	}

	private static List<String> names(List<ToolCallback> callbacks) {
		return callbacks.stream().map((callback) -> callback.getToolDefinition().name()).toList();
	}

}
