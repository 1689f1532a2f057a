package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.actuate.LazyMcpHealthIndicator;
import io.github.lazymcp.actuate.LazyMcpMeters;
import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.capability.CapabilityManager;
import io.github.lazymcp.capability.CapabilityReport;
import io.github.lazymcp.capability.routing.CapabilityRouter;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolRegistry;
import io.github.lazymcp.tool.UsageStats;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code mcpactivation} actuator endpoint and the Micrometer meters, when actuator
 * and Micrometer are on the class path.
 */
// After the core configuration, whose beans both read.
@AutoConfiguration(after = LazyMcpAutoConfiguration.class)
@ConditionalOnBean(McpCatalog.class)
public final class LazyMcpEndpointAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(McpActivationEndpoint.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		McpActivationEndpoint mcpActivationEndpoint(ToolRegistry registry, SessionStore sessions, UsageStats stats,
				ObjectProvider<CapabilityManager> capabilities, ObjectProvider<CapabilityRouter> router,
				LazyMcpProperties properties) {
			return new McpActivationEndpoint(registry, sessions, stats, () -> {
				CapabilityManager manager = capabilities.getIfAvailable();
				return (manager != null)
						? CapabilityReport.of(manager, router.getIfAvailable(), properties.getLogging().isUserText())
						: null;
			});
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	static class HealthConfiguration {

		// Named so that the health component is "lazyMcp".
		@Bean
		@ConditionalOnMissingBean(name = "lazyMcpHealthIndicator")
		LazyMcpHealthIndicator lazyMcpHealthIndicator(McpCatalog catalog) {
			return new LazyMcpHealthIndicator(catalog);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class MetersConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LazyMcpMeters lazyMcpMeters(UsageStats stats, SessionStore sessions, McpCatalog catalog, ToolRanker ranker) {
			return new LazyMcpMeters(stats, sessions, catalog, ranker);
		}

	}

}
