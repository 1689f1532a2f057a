package io.github.lazymcp.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySettings.PerUserConnection;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.McpClientFactory;
import io.github.lazymcp.health.internal.AttemptTimeout;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/*
 * The properties are mapped onto the settings records once, when this is made: a wrong
 * value fails startup here, named by its property (InvalidLazyMcpPropertyException and
 * its analyzer). The store beans and EagerToolsWarning read the records made here, so
 * that nothing maps them twice. The application's beans are looked up when the builder is
 * configured, as the LazyMcp bean is made, in the order the builder reads them: the
 * properties' hints before the hint beans, Spring AI's reconnects before the
 * McpClientFactory beans, and the customizers last.
 */

/**
 * Configures a {@link LazyMcp.Builder} as the auto-configuration does: the settings of
 * {@link LazyMcpProperties}, the session store, Spring AI's MCP clients and how to make
 * them again, every part an application declared as a bean, the scheduler, and last the
 * {@link LazyMcpBuilderCustomizer} beans. Spring Boot's {@code *BuilderConfigurer} idiom;
 * not API.
 */
final class LazyMcpBuilderConfigurer {

	private final LazyMcpProperties properties;

	private final ListableBeanFactory beans;

	private final ResourceLoader resourceLoader;

	private final CatalogSettings catalog;

	private final HealthSettings health;

	private final SessionSettings sessions;

	private final RankingSettings ranking;

	private final EmbeddingSettings embedding;

	private final LearningSettings learning;

	private final ToolSettings tools;

	private final AdvisorSettings advisors;

	private final PolicySettings policies;

	private final ProactiveSettings proactive;

	private final CapabilitySettings capabilities;

	private final Hints hints;

	private final List<PerUserConnection> perUserConnections;

	/**
	 * Maps the properties onto the settings records.
	 * @param properties the bound properties
	 * @param beans where the application's beans are looked up
	 * @param resourceLoader where capability files and the bundled model are found
	 * @throws InvalidLazyMcpPropertyException when a property holds a value its record
	 * rejects, or two properties contradict each other
	 */
	LazyMcpBuilderConfigurer(LazyMcpProperties properties, ListableBeanFactory beans, ResourceLoader resourceLoader) {
		this.properties = properties;
		this.beans = beans;
		this.resourceLoader = resourceLoader;
		this.catalog = PropertiesMapping.catalog(properties, ChatModelToolLimit.toolGate(beans));
		this.health = PropertiesMapping.health(properties);
		this.sessions = PropertiesMapping.sessions(properties);
		this.ranking = PropertiesMapping.ranking(properties);
		this.embedding = PropertiesMapping.embedding(properties);
		this.learning = PropertiesMapping.learning(properties);
		this.tools = PropertiesMapping.tools(properties);
		this.advisors = PropertiesMapping.advisors(properties);
		this.policies = PropertiesMapping.policies(properties);
		this.proactive = PropertiesMapping.proactive(properties);
		this.capabilities = PropertiesMapping.capabilities(properties);
		this.hints = PropertiesMapping.hints(properties);
		this.perUserConnections = PerUserConnections.of(properties, beans.getBean(Environment.class));
	}

	/**
	 * The catalog settings the properties give.
	 * @return the settings
	 */
	CatalogSettings catalog() {
		return this.catalog;
	}

	/**
	 * The session settings the properties give, for the session store beans.
	 * @return the settings
	 */
	SessionSettings sessions() {
		return this.sessions;
	}

	/**
	 * The learning settings the properties give, for the store of learned uses.
	 * @return the settings
	 */
	LearningSettings learning() {
		return this.learning;
	}

	/**
	 * Configures a builder with the properties and the application's beans, then lets
	 * every {@link LazyMcpBuilderCustomizer} change it.
	 * @param builder the builder
	 * @return the same builder
	 */
	LazyMcp.Builder configure(LazyMcp.Builder builder) {
		settings(builder);
		sessions(builder);
		servers(builder);
		extensions(builder);
		builder.scheduler(this.beans.getBean(LazyMcpAutoConfiguration.SCHEDULER, ScheduledExecutorService.class))
			.resourceLoader(this.resourceLoader);
		provider(LazyMcpBuilderCustomizer.class).orderedStream().forEach((customizer) -> customizer.customize(builder));
		return builder;
	}

	private void settings(LazyMcp.Builder builder) {
		builder.catalog(this.catalog)
			.health(this.health)
			.ranking(this.ranking)
			.embedding(this.embedding)
			.learning(this.learning)
			.tools(this.tools)
			.advisors(this.advisors)
			.policies(this.policies)
			.proactive(this.proactive)
			.capabilities(this.capabilities)
			.perUserConnections(this.perUserConnections)
			.hints(this.hints);
	}

	private void sessions(LazyMcp.Builder builder) {
		SessionStore store = this.beans.getBean(SessionStore.class);
		builder.sessionStore(store);
		if (store.settings() == null) {
			// A store of the application's own that does not say: the properties apply.
			builder.sessions(this.sessions);
		}
	}

	/**
	 * Spring AI's clients (of one type, SYNC or ASYNC: spring.ai.mcp.client.type), the
	 * application's connections, and how to make a new client for a server whose client
	 * died.
	 */
	private void servers(LazyMcp.Builder builder) {
		SpringAiClients springAi = SpringAiClients.of(this.beans);
		Duration asyncTimeout = (springAi != null) ? springAi.requestTimeout() : Duration.ofSeconds(20);
		this.beans.<List<McpSyncClient>>getBeanProvider(listOf(McpSyncClient.class)).ifAvailable(builder::clients);
		List<McpAsyncClient> async = this.beans.<List<McpAsyncClient>>getBeanProvider(listOf(McpAsyncClient.class))
			.getIfAvailable(List::of);
		builder.asyncClients(async, asyncTimeout);
		builder.connections(provider(McpServerConnection.class).orderedStream().toList());
		if (springAi != null) {
			// A new client gets what the first one got; its tool-list changes reach
			// lazy-mcp through Spring AI's McpToolsChangedEvent, as the first one's did.
			for (String name : springAi.connections()) {
				// Its own: a stdio server that ran out of time gets longer the next time.
				AttemptTimeout attempt = AttemptTimeout.of(this.health);
				if (async.isEmpty()) {
					builder.reconnect(name, (toolsChanged) -> springAi.sync(name, attempt));
				}
				else {
					builder.reconnectAsync(name, (toolsChanged) -> springAi.async(name, attempt));
				}
			}
		}
		provider(McpClientFactory.class).orderedStream()
			.forEach((factory) -> builder.reconnect(serverOf(factory), factory));
	}

	/** The parts an application declared as beans, each backing lazy-mcp's own off. */
	private void extensions(LazyMcp.Builder builder) {
		provider(ToolRanker.class).ifUnique(builder::ranker);
		provider(UseStore.class).ifUnique(builder::useStore);
		provider(Hints.class).orderedStream().forEach(builder::hints);
		builder.filters(provider(ToolFilter.class).orderedStream().toList())
			.listeners(provider(LazyMcpListener.class).orderedStream().toList())
			.modelTools(provider(ModelTool.class).orderedStream().toList());
		provider(PolicyResolver.class).ifUnique(builder::policyResolver);
		provider(IdentityResolver.class).ifUnique(builder::identityResolver);
		provider(ObservationRegistry.class).ifUnique(builder::observations);
		provider(EmbeddingModel.class).ifUnique(builder::embeddingModel);
		if (this.properties.getSessions().getStore() == LazyMcpProperties.Store.JDBC
				&& this.properties.getSearch().getEmbedding().isShared()) {
			provider(DataSource.class).ifUnique(builder::embeddingDatabase);
		}
		provider(Clock.class).ifAvailable(builder::clock);
	}

	private <T> ObjectProvider<T> provider(Class<T> type) {
		return this.beans.getBeanProvider(type);
	}

	private static ResolvableType listOf(Class<?> element) {
		return ResolvableType.forClassWithGenerics(List.class, element);
	}

	private static String serverOf(McpClientFactory factory) {
		String server = factory.server();
		if (server == null) {
			throw new IllegalStateException("An McpClientFactory bean (%s) names no server; declare it with "
				.formatted(factory.getClass().getName())
					+ "McpClientFactory.forServer(\"<connection name>\", factory) so that lazy-mcp knows which "
					+ "server it reconnects");
		}
		return server;
	}

}
