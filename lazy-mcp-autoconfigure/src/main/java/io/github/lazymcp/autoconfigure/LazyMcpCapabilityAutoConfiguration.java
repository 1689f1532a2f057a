package io.github.lazymcp.autoconfigure;

import java.time.Clock;
import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.capability.CapabilityAdvisor;
import io.github.lazymcp.capability.CapabilityDefinition;
import io.github.lazymcp.capability.CapabilityLoader;
import io.github.lazymcp.capability.CapabilityManager;
import io.github.lazymcp.capability.CapabilityReport;
import io.github.lazymcp.capability.CapabilityRouter;
import io.github.lazymcp.capability.CapabilityServers;
import io.github.lazymcp.capability.CapabilityToolCallback;
import io.github.lazymcp.capability.EnabledCapabilities;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.capability.DormantCapabilityHint;
import io.github.lazymcp.tool.DormantHint;

import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * Capabilities: TOML bundles of MCP servers that stay disconnected until enabled, by the
 * {@code capability} tool or by auto-activation from the user's words. Always active with
 * lazy-mcp; when no capability file is found it adds nothing to the chat client. A broken
 * file fails startup, reported by {@link CapabilityDefinitionFailureAnalyzer}.
 */
// After the core configuration, whose catalog and sessions capabilities feed; before the
// endpoint configuration, which reports on them.
@AutoConfiguration(after = LazyMcpAutoConfiguration.class, before = LazyMcpEndpointAutoConfiguration.class)
@ConditionalOnBean(McpToolCatalog.class)
@EnableConfigurationProperties(LazyMcpCapabilityProperties.class)
public final class LazyMcpCapabilityAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	CapabilityServers lazyMcpCapabilityServers(LazyMcpCapabilityProperties properties) {
		return new CapabilityServers(properties.getInitTimeout(), properties.getRequestTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilityManager lazyMcpCapabilityManager(LazyMcpCapabilityProperties properties, ResourceLoader resourceLoader,
			CapabilityServers servers, McpToolCatalog catalog, ObjectProvider<Clock> clock) {
		List<CapabilityDefinition> definitions = new CapabilityLoader(resourceLoader).load(properties.getLocations());
		EnabledCapabilities enabled = new EnabledCapabilities(clock.getIfAvailable(Clock::systemUTC),
				properties.getMaxActive());
		return new CapabilityManager(definitions, servers, enabled, catalog);
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilityRouter lazyMcpCapabilityRouter(CapabilityManager manager, LazyMcpCapabilityProperties properties,
			ConfiguredEmbedder embedder) {
		LazyMcpCapabilityProperties.AutoActivation auto = properties.getAutoActivation();
		return new CapabilityRouter(manager.definitions(), (texts) -> embedder.obtain().embedCatalog(texts),
				(message) -> embedder.obtain().embedQuery(message),
				new CapabilityRouter.Gate(auto.getThreshold(), auto.getMargin()));
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilityReport lazyMcpCapabilityReport(CapabilityManager manager, CapabilityRouter router) {
		return new CapabilityReport(manager, router);
	}

	@Bean
	@ConditionalOnMissingBean
	DormantHint lazyMcpDormantCapabilityHint(CapabilityManager manager, CapabilityRouter router) {
		return new DormantCapabilityHint(manager, router);
	}

	// A customizer of its own, next to lazy-mcp's: the capability tool is a plain
	// callback
	// (the wire filter always shows non-MCP tools) and the advisor needs no MCP tool.
	@Bean
	ChatClientBuilderCustomizer lazyMcpCapabilityCustomizer(CapabilityManager manager, CapabilityRouter router,
			McpToolCatalog catalog, SessionStore sessions, LazyMcpCapabilityProperties properties) {
		return (builder) -> {
			if (manager.definitions().isEmpty()) {
				return;
			}
			CapabilityRouter autoRouter = properties.getAutoActivation().isEnabled() ? router : null;
			builder.defaultToolCallbacks(new CapabilityToolCallback(manager, router, catalog, sessions::ephemeral))
				.defaultAdvisors(new CapabilityAdvisor(manager, autoRouter, catalog));
		};
	}

}
