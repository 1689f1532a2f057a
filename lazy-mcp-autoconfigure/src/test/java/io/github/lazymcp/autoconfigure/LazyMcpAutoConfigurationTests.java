package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.OAuth2ClientIdentity;
import io.github.lazymcp.identity.internal.SecurityContextIdentity;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.internal.RecordingRanker;
import org.junit.jupiter.api.Test;

import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.Ordered;
import org.springframework.core.io.ClassPathResource;
import org.springframework.security.oauth2.client.InMemoryOAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.InMemoryClientRegistrationRepository;
import org.springframework.security.oauth2.core.AuthorizationGrantType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.RETURNS_SELF;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

class LazyMcpAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class));

	@Test
	void addsLazyMcpToChatClientsWithoutUserCode() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(ChatClientBuilderCustomizer.class).hasSingleBean(LazyMcp.class);
			assertThat(ranker(context).id()).isEqualTo("hybrid");
		});
	}

	@Test
	void appliesEveryBuilderCustomizerInOrderAfterTheProperties() {
		List<String> applied = new ArrayList<>();
		this.runner.withPropertyValues("tools.lazy-mcp.search.ranker=dense")
			.withBean("second", LazyMcpBuilderCustomizer.class, () -> new OrderedCustomizer(2, (builder) -> {
				applied.add("second");
				builder.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25));
			}))
			.withBean("first", LazyMcpBuilderCustomizer.class, () -> new OrderedCustomizer(1, (builder) -> {
				applied.add("first");
				builder.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.HYBRID));
			}))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(applied).containsExactly("first", "second");
				assertThat(ranker(context).id()).isEqualTo("bm25");
			});
	}

	@Test
	void ranksWithBm25WhenConfigured() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.ranker=bm25")
			.run((context) -> assertThat(ranker(context).id()).isEqualTo("bm25"));
	}

	@Test
	void fallsBackToBm25WhenTheModelFilesAreMissing() {
		this.runner
			.withClassLoader(
					new FilteredClassLoader(new ClassPathResource(BundledModel.ALL_MINILM_L6_V2_Q.onnxResource())))
			.run((context) -> assertThat(ranker(context).id()).isEqualTo("bm25"));
	}

	@Test
	void fallsBackToBm25WhenAnApplicationModelIsRequestedButMissing() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.embedding.use-application-model=true")
			.run((context) -> assertThat(ranker(context).id()).isEqualTo("bm25"));
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
				ToolRanker ranker = ranker(context);
				assertThat(ranker.id()).isEqualTo("dense");
				List<ToolMatch> matches = ranker.index(List.of(SearchDocument.of("s/t", "s", "t", "Does t.", null)))
					.search("t", 1);
				assertThat(matches).extracting(ToolMatch::name).containsExactly("s/t");
				org.mockito.BDDMockito.then(model).should().embed("t");
			});
	}

	@Test
	void anEmptyCacheDirectoryKeepsEmbeddingsInMemoryOnly() {
		this.runner.withPropertyValues("tools.lazy-mcp.search.embedding.cache-directory=")
			.run((context) -> assertThat(
					PropertiesMapping.embedding(context.getBean(LazyMcpProperties.class)).cacheDirectory())
				.isNull());
		this.runner.run((context) -> assertThat(
				PropertiesMapping.embedding(context.getBean(LazyMcpProperties.class)).cacheDirectory())
			.isEqualTo(EmbeddingSettings.DEFAULTS.cacheDirectory()));
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
			ChatClient.Builder builder = mock(ChatClient.Builder.class, RETURNS_SELF);
			context.getBean(ChatClientBuilderCustomizer.class).customize(builder);
			verify(builder).defaultTools(any(ToolCallbackProvider.class));
		});
	}

	@Test
	void decoratesTheToolCallbackResolverSoDeniedToolsAnswerWithAnError() {
		this.runner.withPropertyValues("tools.lazy-mcp.threshold.tools=0", "tools.lazy-mcp.threshold.tokens=0")
			.withBean(McpServerConnection.class, () -> new FakeConnection("fs", "read_file"))
			.run((context) -> {
				ToolCallbackResolver resolver = context.getBean(ToolCallbackResolver.class);
				assertThat(resolver.resolve("fs__read_file")).isNotNull();
				assertThat(resolver.resolve("fs__write_file").call("{}")).contains("Error: tool 'fs__write_file'",
						"not offered by MCP server 'fs'");
				assertThat(resolver.resolve("weather").call("{}")).contains("Error: tool 'weather'",
						"no tool has that name");
			});
	}

	@Test
	void addsNothingWhenDisabled() {
		this.runner.withPropertyValues("tools.lazy-mcp.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ChatClientBuilderCustomizer.class)
				.doesNotHaveBean(LazyMcp.class));
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
	void manySmallToolsAreDeferredForAChatModelWhoseProviderLimitsTheToolsOfARequest() {
		// 130 tools of a few dozen tokens each: under the token gate, over OpenAI's 128.
		this.runner.withBean(McpServerConnection.class, () -> new FakeConnection("fs", toolNames(130)))
			.withBean(OpenAiChatModel.class, () -> mock(OpenAiChatModel.class))
			.run((context) -> {
				assertThat(context.getBean(LazyMcpBuilderConfigurer.class).catalog().deferToolsAbove()).isEqualTo(128);
				assertThat(context.getBean(LazyMcp.class).catalog().deferring()).isTrue();
			});
		this.runner.withBean(McpServerConnection.class, () -> new FakeConnection("fs", toolNames(130)))
			.run((context) -> assertThat(context.getBean(LazyMcp.class).catalog().deferring()).isTrue());
	}

	@Test
	void manySmallToolsAreSentAsUsualWhenEveryChatModelIsAnthropics() {
		this.runner.withBean(McpServerConnection.class, () -> new FakeConnection("fs", toolNames(130)))
			.withBean(AnthropicChatModel.class, () -> mock(AnthropicChatModel.class))
			.run((context) -> {
				assertThat(context.getBean(LazyMcpBuilderConfigurer.class).catalog().deferToolsAbove())
					.isEqualTo(CatalogSettings.NO_TOOL_GATE);
				assertThat(context.getBean(LazyMcp.class).catalog().deferring()).isFalse();
			});
		this.runner.withBean(McpServerConnection.class, () -> new FakeConnection("fs", toolNames(130)))
			.withBean(AnthropicChatModel.class, () -> mock(AnthropicChatModel.class))
			.withBean(OpenAiChatModel.class, () -> mock(OpenAiChatModel.class))
			.run((context) -> assertThat(context.getBean(LazyMcp.class).catalog().deferring()).isTrue());
	}

	@Test
	void aConfiguredToolGateWinsOverTheChatModelsLimit() {
		this.runner.withPropertyValues("tools.lazy-mcp.threshold.tools=200")
			.withBean(McpServerConnection.class, () -> new FakeConnection("fs", toolNames(130)))
			.withBean(OpenAiChatModel.class, () -> mock(OpenAiChatModel.class))
			.run((context) -> assertThat(context.getBean(LazyMcp.class).catalog().deferring()).isFalse());
		this.runner.withPropertyValues("tools.lazy-mcp.threshold.tools=10")
			.withBean(McpServerConnection.class, () -> new FakeConnection("fs", toolNames(20)))
			.withBean(AnthropicChatModel.class, () -> mock(AnthropicChatModel.class))
			.run((context) -> assertThat(context.getBean(LazyMcp.class).catalog().deferring()).isTrue());
	}

	private static String[] toolNames(int count) {
		return java.util.stream.IntStream.range(0, count).mapToObj((i) -> "tool_" + i).toArray(String[]::new);
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
	void startsInAnApplicationWithoutSpringBootsSqlSupport() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.sql", "org.springframework.jdbc"))
			.withPropertyValues("tools.lazy-mcp.sessions.jdbc.initialize-schema=never")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(LazyMcpProperties.class).getSessions().getJdbc().getInitializeSchema())
					.isEqualTo(LazyMcpProperties.InitializeSchema.NEVER);
			});
	}

	@Test
	void lowersTheSearchLimitsToASmallCapWhenTheyAreNotSet() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=3").run((context) -> {
			assertThat(context).hasNotFailed();
			LazyMcpProperties properties = context.getBean(LazyMcpProperties.class);
			assertThat(PropertiesMapping.tools(properties).maxLimit()).isEqualTo(3);
			assertThat(PropertiesMapping.tools(properties).defaultLimit()).isEqualTo(3);
		});
	}

	@Test
	void failsAtStartupWhenAnExplicitDefaultLimitExceedsTheCap() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=3", "tools.lazy-mcp.search.default-limit=4")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.search.default-limit must not be greater than "
						+ "tools.lazy-mcp.max-active-schemas (3) but was 4"));
	}

	@Test
	void failsAtStartupWhenOneSearchCouldEvictItsOwnResults() {
		this.runner
			.withPropertyValues("tools.lazy-mcp.max-active-schemas=3", "tools.lazy-mcp.search.default-limit=2",
					"tools.lazy-mcp.search.max-limit=4")
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
				.hasMessageContaining("tools.lazy-mcp.search.default-limit must not be greater than "
						+ "tools.lazy-mcp.search.max-limit (4) but was 8"));
	}

	@Test
	void proactiveAttachListensToTheRegistryByDefault() {
		this.runner.run((context) -> {
			assertThat(PropertiesMapping.proactive(context.getBean(LazyMcpProperties.class)).enabled()).isTrue();
			assertThat(PropertiesMapping.proactive(context.getBean(LazyMcpProperties.class)))
				.isEqualTo(ProactiveSettings.DEFAULTS);
		});
	}

	@Test
	void theProactiveKillSwitchBinds() {
		this.runner.withPropertyValues("tools.lazy-mcp.proactive.enabled=false", "tools.lazy-mcp.proactive.window=2")
			.run((context) -> assertThat(PropertiesMapping.proactive(context.getBean(LazyMcpProperties.class)))
				.isEqualTo(new ProactiveSettings(false, ProactiveSettings.DEFAULTS.k(), 2)));
	}

	@Test
	void lowersProactiveKToASmallCapWhenItIsNotSet() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=3")
			.run((context) -> assertThat(PropertiesMapping.proactive(context.getBean(LazyMcpProperties.class)).k())
				.isEqualTo(3));
	}

	@Test
	void failsAtStartupWhenProactiveKExceedsTheCap() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=3", "tools.lazy-mcp.proactive.k=4")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidLazyMcpPropertyFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("'tools.lazy-mcp.proactive.k'")
					.contains("max-active-schemas (3)");
				assertThat(analysis.getAction()).contains("Lower proactive.k");
			});
	}

	@Test
	void failsAtStartupNamingTheKeyWhenProactiveKExceedsTwenty() {
		this.runner.withPropertyValues("tools.lazy-mcp.max-active-schemas=40", "tools.lazy-mcp.proactive.k=21")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.proactive.k must be between 1 and 20 but was 21"));
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
	void everyReplaceablePartBacksOffForTheApplications() {
		SessionStore sessions = SessionStore.inMemory(
				new SessionSettings(5, 10, Duration.ofMinutes(1), Duration.ofMinutes(1)), java.time.Clock.systemUTC());
		ToolRanker ranker = new RecordingRanker();
		UseStore uses = UseStore.inMemory(3);
		PolicyResolver policyResolver = (context) -> null;
		IdentityResolver identityResolver = (context) -> "from-the-application";
		ScheduledExecutorService scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
		try {
			this.runner.withBean(SessionStore.class, () -> sessions)
				.withBean(ToolRanker.class, () -> ranker)
				.withBean(UseStore.class, () -> uses)
				.withBean(PolicyResolver.class, () -> policyResolver)
				.withBean(IdentityResolver.class, () -> identityResolver)
				.withBean(LazyMcpAutoConfiguration.SCHEDULER, ScheduledExecutorService.class, () -> scheduler)
				.run((context) -> {
					assertThat(context.getBean(SessionStore.class)).isSameAs(sessions);
					assertThat(ranker(context)).isSameAs(ranker);
					assertThat(context.getBean(UseStore.class)).isSameAs(uses);
					assertThat(context.getBean(PolicyResolver.class)).isSameAs(policyResolver);
					assertThat(context.getBean(IdentityResolver.class)).isSameAs(identityResolver);
					assertThat(context.getBean(LazyMcpAutoConfiguration.SCHEDULER)).isSameAs(scheduler);
					context.getBean(LazyMcp.class).sessions().session("a").activate(List.of("x"));
					assertThat(sessions.find("a"))
						.hasValueSatisfying((session) -> assertThat(session.tools().names()).containsExactly("x"));
				});
		}
		finally {
			scheduler.shutdownNow();
		}
	}

	@Test
	void withSpringSecurityAConversationBelongsToTheAuthenticatedPrincipal() {
		this.runner.run((context) -> assertThat(context.getBean(IdentityResolver.class))
			.isInstanceOf(SecurityContextIdentity.class));
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.security"))
			.run((context) -> assertThat(context).doesNotHaveBean(IdentityResolver.class).hasSingleBean(LazyMcp.class));
	}

	@Test
	void withSpringSecuritysOAuth2ClientPerUserServersGetTheUsersAuthorizedClients() {
		ClientRegistrationRepository registrations = new InMemoryClientRegistrationRepository(
				ClientRegistration.withRegistrationId("notes")
					.clientId("lazy-mcp")
					.authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
					.redirectUri("http://127.0.0.1/login/oauth2/code/notes")
					.authorizationUri("http://127.0.0.1/authorize")
					.tokenUri("http://127.0.0.1/token")
					.build());
		ApplicationContextRunner withClients = this.runner
			.withBean(ClientRegistrationRepository.class, () -> registrations)
			.withBean(OAuth2AuthorizedClientService.class,
					() -> new InMemoryOAuth2AuthorizedClientService(registrations));
		withClients.run((context) -> assertThat(context.getBean(IdentityResolver.class))
			.isInstanceOf(OAuth2ClientIdentity.class));
		withClients.withClassLoader(new FilteredClassLoader(OAuth2AuthorizedClientManager.class))
			.run((context) -> assertThat(context.getBean(IdentityResolver.class))
				.isInstanceOf(SecurityContextIdentity.class));
	}

	@Test
	void theApplicationsLazyMcpReplacesTheAssembledOne() {
		LazyMcp own = LazyMcp.builder()
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.build();
		try {
			this.runner.withBean(LazyMcp.class, () -> own)
				.run((context) -> assertThat(context.getBean(LazyMcp.class)).isSameAs(own));
		}
		finally {
			own.close();
		}
	}

	@Test
	void replacingTheCustomizerReplacesTheWiring() {
		ChatClientBuilderCustomizer custom = (builder) -> {
		};
		this.runner.withBean("myCustomizer", ChatClientBuilderCustomizer.class, () -> custom)
			.run((context) -> assertThat(context).hasSingleBean(ChatClientBuilderCustomizer.class)
				.hasBean("myCustomizer"));
	}

	private static ToolRanker ranker(AssertableApplicationContext context) {
		return LazyMcpFixtures.parts(context.getBean(LazyMcp.class)).ranker();
	}

	private record OrderedCustomizer(int order,
			LazyMcpBuilderCustomizer customizer) implements LazyMcpBuilderCustomizer, Ordered {

		@Override
		public void customize(LazyMcp.Builder builder) {
			this.customizer.customize(builder);
		}

		@Override
		public int getOrder() {
			return this.order;
		}

	}

}
