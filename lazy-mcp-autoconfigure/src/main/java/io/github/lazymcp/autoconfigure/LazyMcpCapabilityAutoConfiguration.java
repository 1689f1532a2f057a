package io.github.lazymcp.autoconfigure;

import java.time.Clock;
import java.util.function.Supplier;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.capability.CapabilityManager;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.definition.CapabilityDefinition;
import io.github.lazymcp.capability.definition.CapabilityLoader;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.capability.pool.ServerPool;
import io.github.lazymcp.capability.routing.CapabilityRouter;
import io.github.lazymcp.capability.routing.GeneralRequests;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.health.ServerSupervisor;
import io.micrometer.observation.ObservationRegistry;
import io.github.lazymcp.embedding.TextEmbedder;
import io.github.lazymcp.policy.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * Capabilities: TOML bundles of MCP servers (or, for toolchains, npm packages) that stay
 * disconnected until enabled, by the {@code capability} tool, by auto-activation from the
 * user's words, or by a skill the application loads ({@link CapabilitySkills}), read from
 * flat locations and taps. Always active with lazy-mcp; when no capability file is found
 * the model sees no capability tool. A broken file or a provider or tap setting that does
 * not fit the files fails startup, reported by
 * {@link CapabilityDefinitionFailureAnalyzer}.
 */
// After the core configuration, whose catalog and sessions capabilities feed; before the
// endpoint configuration, which reports on them.
@AutoConfiguration(after = LazyMcpAutoConfiguration.class, before = LazyMcpEndpointAutoConfiguration.class)
@ConditionalOnBean(McpCatalog.class)
public final class LazyMcpCapabilityAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ServerPool lazyMcpServerPool(LazyMcpProperties properties, ObjectProvider<Clock> clock, ServerSupervisor supervisor,
			McpCatalog catalog, ObjectProvider<ObservationRegistry> observations) {
		CapabilitySettings settings = PropertiesMapping.capabilities(properties);
		return new ServerPool(settings.initTimeout(), settings.requestTimeout(), settings.maxConnections(),
				settings.idleTimeout(), clock.getIfAvailable(Clock::systemUTC), supervisor, catalog::toolsChanged,
				observations.getIfUnique(() -> ObservationRegistry.NOOP));
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilityManager lazyMcpCapabilityManager(LazyMcpProperties properties, ResourceLoader resourceLoader,
			ServerPool servers, McpCatalog catalog, AccessPolicies policies) {
		CapabilitySettings settings = PropertiesMapping.capabilities(properties);
		return new CapabilityManager(
				new CapabilityLoader(resourceLoader).load(settings.locations(), settings.taps(), settings.providers()),
				servers, catalog, settings.maxActive(), policies, CapabilityManager.toolchains(settings.installs()));
	}

	/** The hints the capability files write about their servers' tools. */
	@Bean
	Hints lazyMcpCapabilityHints(CapabilityManager manager) {
		return Hints.merge(manager.definitions().stream().map(CapabilityDefinition::hints).toList());
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilitySkills lazyMcpCapabilitySkills(CapabilityManager manager, SessionStore sessions) {
		return new CapabilitySkills(manager, sessions);
	}

	@Bean
	ToolFilter lazyMcpCapabilityFilter(CapabilityManager manager) {
		return manager.filter();
	}

	@Bean
	CapabilityJanitor lazyMcpCapabilityJanitor(CapabilityManager manager, SessionStore sessions,
			LazyMcpProperties properties) {
		return new CapabilityJanitor(manager, sessions, properties.getSessions().getIdleTimeout());
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilityRouter lazyMcpCapabilityRouter(CapabilityManager manager, LazyMcpProperties properties,
			Supplier<TextEmbedder> lazyMcpEmbedder) {
		return new CapabilityRouter(manager.definitions(),
				GeneralRequests.bundledAnd(properties.getCapabilities().getAutoActivation().getGeneralRequests()),
				(texts) -> lazyMcpEmbedder.get().embedCatalog(texts), () -> lazyMcpEmbedder.get().queries(),
				PropertiesMapping.capabilities(properties).gate());
	}

	@Bean
	ModelTool lazyMcpCapabilityTool(CapabilityManager manager, CapabilityRouter router, SessionStore sessions) {
		return manager.tool(router, sessions::ephemeral);
	}

	@Bean
	LazyMcpListener lazyMcpCapabilityListener(CapabilityManager manager, CapabilityRouter router,
			LazyMcpProperties properties) {
		return manager.listener(PropertiesMapping.capabilities(properties).autoActivation() ? router : null,
				properties.getLogging().isUserText());
	}

}
