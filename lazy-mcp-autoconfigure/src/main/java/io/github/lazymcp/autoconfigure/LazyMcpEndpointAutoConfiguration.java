package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.actuate.McpCatalogEndpoint;
import io.github.lazymcp.actuate.internal.LazyMcpHealthIndicator;
import io.github.lazymcp.actuate.internal.LazyMcpMeters;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code mcpactivation} and {@code mcpcatalog} actuator endpoints, the
 * {@code lazyMcp} health component and the Micrometer meters, when actuator and
 * Micrometer are on the class path.
 *
 * @since 0.1.0
 */
// After the core configuration, whose LazyMcp all three read.
@AutoConfiguration(after = LazyMcpAutoConfiguration.class)
@ConditionalOnBean(LazyMcp.class)
public final class LazyMcpEndpointAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(McpActivationEndpoint.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		McpActivationEndpoint mcpActivationEndpoint(LazyMcp lazyMcp) {
			return new McpActivationEndpoint(lazyMcp);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(McpCatalogEndpoint.class)
	static class CatalogEndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		McpCatalogEndpoint mcpCatalogEndpoint(LazyMcp lazyMcp) {
			return new McpCatalogEndpoint(lazyMcp);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	static class HealthConfiguration {

		// Named so that the health component is "lazyMcp".
		@Bean
		@ConditionalOnMissingBean(name = "lazyMcpHealthIndicator")
		HealthIndicator lazyMcpHealthIndicator(LazyMcp lazyMcp) {
			return new LazyMcpHealthIndicator(lazyMcp);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class MetersConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "lazyMcpMeters")
		MeterBinder lazyMcpMeters(LazyMcp lazyMcp) {
			return new LazyMcpMeters(lazyMcp);
		}

	}

}
