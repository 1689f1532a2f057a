package io.github.lazymcp.autoconfigure;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;

/**
 * The {@link LazyMcpBuilderConfigurer}, where the properties are mapped once: imported by
 * the core auto-configuration, whose {@code LazyMcp} and in-memory session store read it,
 * and by the JDBC one, whose stores do.
 */
@Configuration(proxyBeanMethods = false)
class LazyMcpBuilderConfiguration {

	@Bean
	LazyMcpBuilderConfigurer lazyMcpBuilderConfigurer(LazyMcpProperties properties, ListableBeanFactory beans,
			ResourceLoader resourceLoader) {
		return new LazyMcpBuilderConfigurer(properties, beans, resourceLoader);
	}

}
