package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.LazyMcpChatClientCustomizer;
import io.github.lazymcp.advisor.ToolWireAdvisor;
import io.github.lazymcp.catalog.DeferralThreshold;
import io.github.lazymcp.embedding.BundledModel;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ServerPolicy;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.search.Bm25Ranker;
import io.github.lazymcp.search.DenseRanker;
import io.github.lazymcp.search.HybridRanker;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyToolCallbackProvider;
import io.github.lazymcp.tool.McpToolFallbackResolver;
import io.github.lazymcp.tool.ToolSearchService;
import io.github.lazymcp.tool.UsageStats;
import org.junit.jupiter.api.Test;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

class LazyMcpAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class));

	@Test
	void addsLazyMcpToChatClientsWithoutUserCode() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(LazyMcpChatClientCustomizer.class)
				.hasSingleBean(McpToolCatalog.class)
				.hasSingleBean(ToolWireAdvisor.class);
			assertThat(context.getBean(ToolRanker.class)).isInstanceOf(HybridRanker.class);
		});
	}

	@Test
	void ranksWithBm25WhenConfigured() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.ranker=bm25")
			.run((context) -> assertThat(context.getBean(ToolRanker.class)).isInstanceOf(Bm25Ranker.class));
	}

	@Test
	void fallsBackToBm25WhenTheModelFilesAreMissing() {
		this.runner
			.withClassLoader(
					new FilteredClassLoader(new ClassPathResource(BundledModel.ALL_MINILM_L6_V2_Q.onnxResource())))
			.run((context) -> assertThat(context.getBean(ToolRanker.class)).isInstanceOf(Bm25Ranker.class));
	}

	@Test
	void fallsBackToBm25WhenAnApplicationModelIsRequestedButMissing() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.embedding.use-application-model=true")
			.run((context) -> assertThat(context.getBean(ToolRanker.class)).isInstanceOf(Bm25Ranker.class));
	}

	@Test
	void usesTheApplicationsEmbeddingModelWhenAsked() {
		EmbeddingModel model = mock(EmbeddingModel.class);
		given(model.embed(anyList())).willReturn(List.of(new float[] { 3, 4 }));
		given(model.embed(anyString())).willReturn(new float[] { 6, 8 });
		this.runner
			.withPropertyValues("tools.lazy-mcp.search.ranker=dense",
					"tools.lazy-mcp.search.embedding.use-application-model=true",
					"tools.lazy-mcp.search.embedding.cache-directory=")
			.withBean(EmbeddingModel.class, () -> model)
			.run((context) -> {
				ToolRanker ranker = context.getBean(ToolRanker.class);
				assertThat(ranker).isInstanceOf(DenseRanker.class);
				List<ToolMatch> matches = ranker.index(List.of(SearchDocument.of("s/t", "s", "t", "Does t.", null)))
					.search("t", 1);
				// (3, 4) normalised against itself: cosine 1.
				assertThat(matches.get(0).score()).isCloseTo(1.0, within(1e-6));
			});
	}

	@Test
	void rejectsAnAbstentionThresholdOutsideZeroToOne() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.min-similarity=1.5")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.search.min-similarity must be at least 0 and below 1"));
	}

	@Test
	void theLazyProviderIsNoBeanSoSpringAiDoesNotCopyItsCallbacksAtStartup() {
		this.runner.run((context) -> {
			assertThat(context).doesNotHaveBean(ToolCallbackProvider.class);
			assertThat(context.getBean(LazyMcpChatClientCustomizer.class).tools())
				.isInstanceOf(LazyToolCallbackProvider.class);
		});
	}

	@Test
	void decoratesTheToolCallbackResolverSoDeniedToolsAnswerWithAnError() {
		this.runner.run((context) -> assertThat(context.getBean(ToolCallbackResolver.class))
			.isInstanceOf(McpToolFallbackResolver.class));
	}

	@Test
	void addsNothingWhenDisabled() {
		this.runner.withPropertyValues("tools.lazy-mcp.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LazyMcpChatClientCustomizer.class)
				.doesNotHaveBean(McpToolCatalog.class));
	}

	@Test
	void failsAtStartupNamingTheKeyWhenTheCapIsNotPositive() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.max-active-schemas must be greater than 0 but was 0"));
	}

	@Test
	void failsAtStartupNamingTheKeyForANegativeThreshold() {
		this.runner.withPropertyValues("tools.lazy-mcp.threshold.tools=-1")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.threshold.tools must not be negative"));
	}

	@Test
	void failsAtStartupWhenOneSearchCouldEvictItsOwnResults() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=3", "tools.lazy-mcp.search.default-limit=2")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidLazyMcpPropertyFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("'tools.lazy-mcp.search.max-limit'")
					.contains("max-active-schemas (3)");
				assertThat(analysis.getAction()).contains("raise max-active-schemas");
			});
	}

	@Test
	void failsAtStartupWhenTheDefaultLimitExceedsTheMaximum() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.default-limit=8", "tools.lazy-mcp.search.max-limit=4")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("'tools.lazy-mcp.search.default-limit': 8 is larger"));
	}

	@Test
	void bindsPerServerSettings() {
		this.runner
			.withPropertyValues("tools.lazy-mcp.servers.fs.lazy=false", "tools.lazy-mcp.servers.fs.deny=write_*",
					"tools.lazy-mcp.servers.fs.descriptions.read_file=Reads.")
			.run((context) -> {
				LazyMcpProperties.Server fs = context.getBean(LazyMcpProperties.class).getServers().get("fs");
				assertThat(fs.isLazy()).isFalse();
				assertThat(fs.getDeny()).containsExactly("write_*");
				assertThat(fs.getDescriptions()).containsExactly(Map.entry("read_file", "Reads."));
			});
	}

	@Test
	void everyBeanCanBeReplacedByTheApplication() {
		McpToolCatalog catalog = new McpToolCatalog(List.of(), (server) -> ServerPolicy.DEFAULT,
				new DeferralThreshold(10, 10_000), new TokenCounter());
		SessionStore sessions = new SessionStore(5, 10, Duration.ofMinutes(1), java.time.Clock.systemUTC());
		UsageStats stats = new UsageStats();
		ToolRanker ranker = new Bm25Ranker(1.2, 0.5);
		this.runner.withBean(McpToolCatalog.class, () -> catalog)
			.withBean(SessionStore.class, () -> sessions)
			.withBean(UsageStats.class, () -> stats)
			.withBean(ToolRanker.class, () -> ranker)
			.run((context) -> {
				assertThat(context.getBean(McpToolCatalog.class)).isSameAs(catalog);
				assertThat(context.getBean(SessionStore.class)).isSameAs(sessions);
				assertThat(context.getBean(UsageStats.class)).isSameAs(stats);
				assertThat(context.getBean(ToolRanker.class)).isSameAs(ranker);
				assertThat(context).hasSingleBean(ToolSearchService.class);
			});
	}

	@Test
	void replacingTheCustomizerReplacesTheWiring() {
		Supplier<LazyMcpChatClientCustomizer> custom = () -> new LazyMcpChatClientCustomizer(null, null, null);
		this.runner.withBean("myCustomizer", LazyMcpChatClientCustomizer.class, custom)
			.run((context) -> assertThat(context).hasSingleBean(LazyMcpChatClientCustomizer.class)
				.hasBean("myCustomizer"));
	}

}
