package io.github.lazymcp.it;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.tool.internal.UsageStats;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * lazy-mcp's parts the tests inspect, as beans: the product declares only {@link LazyMcp}
 * and what an application may replace.
 */
@Configuration(proxyBeanMethods = false)
public class LazyMcpInspection {

	@Bean
	McpCatalog lazyMcpCatalog(LazyMcp lazyMcp) {
		return LazyMcpFixtures.parts(lazyMcp).catalog();
	}

	@Bean
	UsageStats lazyMcpUsageStats(LazyMcp lazyMcp) {
		return LazyMcpFixtures.parts(lazyMcp).stats();
	}

	@Bean
	CapabilityManager lazyMcpCapabilityManager(LazyMcp lazyMcp) {
		return LazyMcpFixtures.parts(lazyMcp).capabilities();
	}

	@Bean
	ServerPool lazyMcpServerPool(LazyMcp lazyMcp) {
		return LazyMcpFixtures.parts(lazyMcp).pool();
	}

}
