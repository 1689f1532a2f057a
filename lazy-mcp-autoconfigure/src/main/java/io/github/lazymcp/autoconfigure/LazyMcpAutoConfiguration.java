package io.github.lazymcp.autoconfigure;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.LazyMcpChatClientCustomizer;
import io.github.lazymcp.advisor.LazySessionAdvisor;
import io.github.lazymcp.advisor.SessionResolver;
import io.github.lazymcp.advisor.SystemGuidance;
import io.github.lazymcp.advisor.ToolWireAdvisor;
import io.github.lazymcp.catalog.DeferralThreshold;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.McpToolsChangedListener;
import io.github.lazymcp.catalog.ServerPolicy;
import io.github.lazymcp.catalog.SyncMcpServerConnection;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.DormantHint;
import io.github.lazymcp.tool.LazyToolCallbackProvider;
import io.github.lazymcp.tool.McpToolFallbackResolver;
import io.github.lazymcp.tool.ToolCallListener;
import io.github.lazymcp.tool.ToolSearchCallback;
import io.github.lazymcp.tool.ToolSearchService;
import io.github.lazymcp.tool.UsageStats;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/**
 * Auto-configuration of lazy-mcp: the catalog over Spring AI's MCP clients, ToolSearch,
 * sessions, the advisors, and the customizer that adds them to the auto-configured
 * {@link ChatClient.Builder}.
 */
// After the MCP client auto-configuration, whose client list the catalog reads, and after
// tool calling, whose ToolCallbackResolver bean is decorated.
@AutoConfiguration(afterName = { "org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration",
		"org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration" })
@ConditionalOnClass({ McpSyncClient.class, ChatClient.class })
@ConditionalOnBooleanProperty(name = LazyMcpProperties.PREFIX + ".enabled", matchIfMissing = true)
@EnableConfigurationProperties(LazyMcpProperties.class)
public final class LazyMcpAutoConfiguration {

	private static final Log logger = LogFactory.getLog(LazyMcpAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	TokenCounter lazyMcpTokenCounter() {
		return new TokenCounter();
	}

	@Bean
	@ConditionalOnMissingBean
	McpToolCatalog lazyMcpToolCatalog(ObjectProvider<List<McpSyncClient>> syncClients,
			ObjectProvider<List<McpAsyncClient>> asyncClients, LazyMcpProperties properties,
			TokenCounter tokenCounter) {
		PropertiesValidator.validate(properties);
		List<McpServerConnection> connections = syncClients.stream()
			.flatMap(List::stream)
			.map((client) -> (McpServerConnection) new SyncMcpServerConnection(client))
			.toList();
		if (connections.isEmpty() && asyncClients.stream().anyMatch((clients) -> !clients.isEmpty())) {
			logger.warn("lazy-mcp reads synchronous MCP clients only; the ASYNC clients are not deferred "
					+ "(set spring.ai.mcp.client.type=SYNC)");
		}
		LazyMcpProperties.Threshold threshold = properties.getThreshold();
		return new McpToolCatalog(connections, (server) -> policy(properties, server),
				new DeferralThreshold(threshold.getTools(), threshold.getTokens()), tokenCounter);
	}

	private static ServerPolicy policy(LazyMcpProperties properties, String server) {
		LazyMcpProperties.Server settings = properties.getServers().get(server);
		if (settings == null) {
			return ServerPolicy.DEFAULT;
		}
		return new ServerPolicy(settings.isLazy(), settings.getPinned(), settings.getAllow(), settings.getDeny(),
				settings.getDescriptions());
	}

	@Bean
	McpToolsChangedListener lazyMcpToolsChangedListener(McpToolCatalog catalog) {
		return new McpToolsChangedListener(catalog);
	}

	@Bean
	ConfiguredEmbedder lazyMcpEmbedder(LazyMcpProperties properties, ObjectProvider<EmbeddingModel> embeddingModel,
			ResourceLoader resourceLoader) {
		ClassLoader classLoader = Objects.requireNonNullElse(resourceLoader.getClassLoader(),
				ConfiguredEmbedder.class.getClassLoader());
		return new ConfiguredEmbedder(properties.getSearch().getEmbedding(), embeddingModel.getIfUnique(), classLoader);
	}

	@Bean
	@ConditionalOnMissingBean
	ToolRanker lazyMcpToolRanker(LazyMcpProperties properties, ConfiguredEmbedder embedder) {
		return ToolRankers.create(properties.getSearch(), embedder);
	}

	@Bean
	@ConditionalOnMissingBean
	UsageStats lazyMcpUsageStats() {
		return new UsageStats();
	}

	@Bean
	@ConditionalOnMissingBean
	SessionStore lazyMcpSessionStore(LazyMcpProperties properties, ObjectProvider<Clock> clock) {
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return new SessionStore(properties.getMaxActiveSchemas(), sessions.getMaxSessions(), sessions.getIdleTimeout(),
				clock.getIfAvailable(Clock::systemUTC));
	}

	@Bean
	@ConditionalOnMissingBean
	ToolSearchService lazyMcpToolSearchService(McpToolCatalog catalog, ToolRanker ranker, LazyMcpProperties properties,
			UsageStats stats, ObjectProvider<DormantHint> dormantHint) {
		LazyMcpProperties.Search search = properties.getSearch();
		return new ToolSearchService(catalog, ranker, new ToolSearchService.SearchLimits(search.getDefaultLimit(),
				search.getMaxLimit(), search.getMaxQueryLength()), stats,
				dormantHint.getIfAvailable(() -> DormantHint.NONE));
	}

	@Bean
	@ConditionalOnMissingBean
	ToolSearchCallback lazyMcpToolSearch(ToolSearchService service, SessionStore sessions,
			LazyMcpProperties properties) {
		return new ToolSearchCallback(service, sessions::ephemeral, properties.getSearch().getDefaultLimit(),
				properties.getSearch().getMaxLimit());
	}

	@Bean
	@ConditionalOnMissingBean
	LazySessionAdvisor lazyMcpSessionAdvisor(SessionStore store, LazyMcpProperties properties) {
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return new LazySessionAdvisor(new SessionResolver(store, sessions.getConversationIdKey(),
				sessions.getParentIdKey(), sessions.getInheritKey()));
	}

	@Bean
	@ConditionalOnMissingBean
	ToolWireAdvisor lazyMcpWireAdvisor(McpToolCatalog catalog, SessionStore sessions, LazyMcpProperties properties,
			TokenCounter tokenCounter, UsageStats stats, ObjectProvider<LazyMcpChatClientCustomizer> customizer) {
		LazyMcpProperties.Guidance guidance = properties.getGuidance();
		return new ToolWireAdvisor(catalog, sessions,
				guidance.isEnabled() ? new SystemGuidance(guidance.getText()) : null, tokenCounter, stats,
				(name) -> customizer.getObject().tools().find(name));
	}

	// The provider is deliberately not a bean: Spring AI's ToolCallbackResolver copies
	// the
	// callbacks of every ToolCallbackProvider bean once at startup, which would list
	// every MCP
	// server during context refresh and keep callbacks of the first catalog snapshot.
	@Bean
	@ConditionalOnMissingBean
	LazyMcpChatClientCustomizer lazyMcpChatClientCustomizer(McpToolCatalog catalog, ToolSearchCallback toolSearch,
			ToolSearchService service, LazyMcpProperties properties, LazySessionAdvisor sessionAdvisor,
			ToolWireAdvisor wireAdvisor, ObjectProvider<ToolCallListener> listeners) {
		List<ToolCallListener> all = listeners.orderedStream().toList();
		ToolCallListener listener = (tool) -> all.forEach((each) -> each.succeeded(tool));
		LazyToolCallbackProvider tools = new LazyToolCallbackProvider(catalog, toolSearch, service,
				properties.getDeferredCall(), listener);
		return new LazyMcpChatClientCustomizer(tools, sessionAdvisor, wireAdvisor);
	}

	@Bean
	static BeanPostProcessor lazyMcpToolCallbackResolverDecorator(
			ObjectProvider<LazyMcpChatClientCustomizer> customizer, ObjectProvider<McpToolCatalog> catalog) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof ToolCallbackResolver resolver && !(bean instanceof McpToolFallbackResolver)) {
					return new McpToolFallbackResolver(resolver, () -> customizer.getObject().tools(),
							catalog::getObject);
				}
				return bean;
			}

		};
	}

}
