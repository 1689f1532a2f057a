package io.github.lazymcp.autoconfigure;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.github.lazymcp.activation.InMemorySessionStore;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.LazyMcpChatClientCustomizer;
import io.github.lazymcp.capability.definition.ServerDefinition;
import io.github.lazymcp.capability.pool.McpClients;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.health.McpClientFactory;
import io.github.lazymcp.health.McpClientLink;
import io.github.lazymcp.health.ServerSupervisor;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.embedding.TextEmbedder;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.InMemoryUseStore;
import io.github.lazymcp.learning.Learning;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.policy.AccessPolicies;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.proactive.ProactiveAttach;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolObservations;
import io.github.lazymcp.tool.ToolRegistry;
import io.github.lazymcp.tool.UsageStats;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.mcp.McpToolsChangedEvent;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/**
 * Auto-configuration of lazy-mcp: the catalog over Spring AI's MCP clients, the ranker,
 * sessions, the tool registry, and the customizer that adds lazy-mcp's tools and advisors
 * to the auto-configured {@link ChatClient.Builder}. Each bean is built from
 * {@link LazyMcpProperties} mapped onto the core's settings records.
 */
// After the MCP client auto-configuration, whose client list the catalog reads, and after
// tool calling, whose ToolCallbackResolver bean is decorated.
@AutoConfiguration(afterName = { "org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration",
		"org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration" })
@ConditionalOnClass({ McpSyncClient.class, ChatClient.class })
@ConditionalOnBooleanProperty(name = LazyMcpProperties.PREFIX + ".enabled", matchIfMissing = true)
@EnableConfigurationProperties(LazyMcpProperties.class)
public final class LazyMcpAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	TokenCounter lazyMcpTokenCounter() {
		return new TokenCounter();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	ServerSupervisor lazyMcpServerSupervisor(LazyMcpProperties properties, ObjectProvider<Clock> clock) {
		return new ServerSupervisor(PropertiesMapping.health(properties), clock.getIfAvailable(Clock::systemUTC),
				Math::random);
	}

	@Bean
	@ConditionalOnMissingBean
	McpCatalog lazyMcpCatalog(ObjectProvider<List<McpSyncClient>> syncClients,
			ObjectProvider<List<McpAsyncClient>> asyncClients, LazyMcpProperties properties, TokenCounter tokenCounter,
			ServerSupervisor supervisor, Environment environment) {
		PropertiesValidator.validate(properties);
		SpringAiConnections configured = SpringAiConnections.of(environment);
		AtomicReference<@Nullable McpCatalog> published = new AtomicReference<>();
		// Spring AI declares clients of one type, SYNC or ASYNC
		// (spring.ai.mcp.client.type).
		List<McpClientLink> links = new ArrayList<>();
		syncClients.stream().flatMap(List::stream).map(McpClientLink::of).forEach(links::add);
		asyncClients.stream()
			.flatMap(List::stream)
			.map((client) -> McpClientLink.of(client, configured.requestTimeout()))
			.forEach(links::add);
		List<McpServerConnection> connections = links.stream()
			.map((link) -> supervise(supervisor, link, configured, properties, published))
			.toList();
		McpCatalog catalog = new McpCatalog(connections, PropertiesMapping.catalog(properties), tokenCounter);
		published.set(catalog);
		supervisor.publishTo(catalog);
		return catalog;
	}

	/**
	 * A configured server, watched; reconnected with a client of lazy-mcp's own, built
	 * from the same Spring AI properties, whose tool-list changes go straight to the
	 * catalog.
	 */
	private static McpServerConnection supervise(ServerSupervisor supervisor, McpClientLink client,
			SpringAiConnections configured, LazyMcpProperties properties,
			AtomicReference<@Nullable McpCatalog> catalog) {
		String name = client.connection().name();
		ServerDefinition server = configured.server(name);
		McpClientFactory factory = (server == null) ? null
				: () -> McpClients.connect(server, configured.requestTimeout(), (tools) -> {
					McpCatalog current = catalog.get();
					if (current != null) {
						current.toolsChanged(name, tools);
					}
				});
		LazyMcpProperties.Server settings = properties.getServers().get(name);
		return supervisor.supervise(client, factory, (settings != null) ? settings.getCallTimeout() : null);
	}

	@Bean
	EagerToolsWarning lazyMcpEagerToolsWarning(McpCatalog catalog, LazyMcpProperties properties) {
		return new EagerToolsWarning(catalog, PropertiesMapping.catalog(properties));
	}

	@Bean
	ApplicationListener<McpToolsChangedEvent> lazyMcpToolsChangedListener(McpCatalog catalog) {
		return (event) -> catalog.toolsChanged(event.getConnectionName(), event.getTools());
	}

	/**
	 * The one embedder of the application, shared by ToolSearch and the capability
	 * router, loaded on first use.
	 */
	@Bean
	Supplier<TextEmbedder> lazyMcpEmbedder(LazyMcpProperties properties, ObjectProvider<EmbeddingModel> embeddingModel,
			ResourceLoader resourceLoader) {
		ClassLoader classLoader = Objects.requireNonNullElse(resourceLoader.getClassLoader(),
				LazyMcpAutoConfiguration.class.getClassLoader());
		return TextEmbedder.loader(PropertiesMapping.embedding(properties), embeddingModel.getIfUnique(), classLoader);
	}

	@Bean
	@ConditionalOnMissingBean
	ToolRanker lazyMcpToolRanker(LazyMcpProperties properties, Supplier<TextEmbedder> lazyMcpEmbedder) {
		return ToolRanker.create(PropertiesMapping.ranking(properties), lazyMcpEmbedder);
	}

	@Bean
	@ConditionalOnMissingBean
	UsageStats lazyMcpUsageStats() {
		return new UsageStats();
	}

	@Bean
	@ConditionalOnMissingBean
	ToolObservations lazyMcpToolObservations(ObjectProvider<ObservationRegistry> registry) {
		return new ToolObservations(registry.getIfUnique(() -> ObservationRegistry.NOOP));
	}

	@Bean
	@ConditionalOnMissingBean
	SessionStore lazyMcpSessionStore(LazyMcpProperties properties, ObjectProvider<Clock> clock, UsageStats stats,
			ToolObservations observations) {
		if (properties.getSessions().getStore() == LazyMcpProperties.Store.JDBC) {
			// LazyMcpJdbcSessionAutoConfiguration would have declared the store.
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".sessions.store",
					"'jdbc' needs spring-jdbc and Spring Boot's JDBC support on the class path",
					"Add spring-boot-starter-jdbc and your database's driver, or set %s.sessions.store=memory."
						.formatted(LazyMcpProperties.PREFIX));
		}
		return new InMemorySessionStore(PropertiesMapping.sessions(properties), clock.getIfAvailable(Clock::systemUTC),
				stats.andThen(observations));
	}

	@Bean
	@ConditionalOnMissingBean
	AccessPolicies lazyMcpAccessPolicies(LazyMcpProperties properties) {
		return new AccessPolicies(PropertiesMapping.policies(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	PolicyResolver lazyMcpPolicyResolver(AccessPolicies policies) {
		return PolicyResolver.parameter(policies.parameter());
	}

	@Bean
	@ConditionalOnMissingBean
	UseStore lazyMcpUseStore(LazyMcpProperties properties) {
		return new InMemoryUseStore(PropertiesMapping.learning(properties).usesPerTool());
	}

	@Bean
	@ConditionalOnMissingBean
	Learning lazyMcpLearning(LazyMcpProperties properties, UseStore store, ObjectProvider<Clock> clock) {
		return new Learning(PropertiesMapping.learning(properties), store, clock.getIfAvailable(Clock::systemUTC),
				System::nanoTime);
	}

	@Bean
	@ConditionalOnMissingBean
	ToolRegistry lazyMcpToolRegistry(McpCatalog catalog, ToolRanker ranker, SessionStore sessions,
			LazyMcpProperties properties, UsageStats stats, TokenCounter tokenCounter,
			ObjectProvider<ModelTool> modelTools, ObjectProvider<LazyMcpListener> listeners,
			ObjectProvider<ToolFilter> filters, ToolObservations observations, Learning learning,
			ObjectProvider<Hints> hints) {
		List<Hints> written = new ArrayList<>(List.of(PropertiesMapping.hints(properties)));
		hints.orderedStream().forEach(written::add);
		return ToolRegistry.builder(catalog, ranker, sessions)
			.learning(learning)
			.hints(Hints.merge(written))
			.observations(observations)
			.settings(PropertiesMapping.tools(properties))
			.stats(stats)
			.tokenCounter(tokenCounter)
			.modelTools(modelTools.orderedStream().toList())
			.listeners(listeners.orderedStream().toList())
			.filters(filters.orderedStream().toList())
			.build();
	}

	// A listener of the registry that ranks with it: the registry is looked up on first
	// use, since building it asks for every listener.
	@Bean
	@ConditionalOnMissingBean
	ProactiveAttach lazyMcpProactiveAttach(LazyMcpProperties properties, ObjectProvider<ToolRegistry> registry,
			ObjectProvider<ObservationRegistry> observations) {
		return new ProactiveAttach(PropertiesMapping.proactive(properties),
				(session, text, limit) -> registry.getObject().rank(session, text, limit),
				observations.getIfUnique(() -> ObservationRegistry.NOOP));
	}

	@Bean
	@ConditionalOnMissingBean
	LazyMcpChatClientCustomizer lazyMcpChatClientCustomizer(LazyMcpProperties properties, ToolRegistry registry,
			SessionStore sessions, AccessPolicies policies, PolicyResolver policyResolver) {
		return new LazyMcpChatClientCustomizer(PropertiesMapping.advisors(properties), registry, sessions, policies,
				policyResolver);
	}

	// The registry is looked up on first use: a post-processor is created before other
	// beans, and resolving the registry here would start the MCP clients that early.
	@Bean
	static BeanPostProcessor lazyMcpToolCallbackResolverDecorator(ObjectProvider<ToolRegistry> registry) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof ToolCallbackResolver resolver) {
					return ToolRegistry.fallbackResolver(resolver, registry::getObject);
				}
				return bean;
			}

		};
	}

}
