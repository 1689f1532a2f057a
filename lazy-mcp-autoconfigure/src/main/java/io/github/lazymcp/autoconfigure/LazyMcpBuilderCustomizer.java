package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.LazyMcp;

/**
 * Changes the {@link LazyMcp.Builder} the auto-configuration prepared, just before it
 * builds: Spring Boot's customizer idiom, for changing one setting or part in code
 * without declaring the whole {@code LazyMcp} bean. The builder already holds the
 * {@code tools.lazy-mcp.*} properties and the application's beans (clients, stores,
 * rankers, filters, listeners, ...); a customizer replaces what it sets. Every bean of
 * this type is applied, in {@link org.springframework.core.annotation.Order @Order} (or
 * {@link org.springframework.core.Ordered}) order, so a later one wins where two set the
 * same thing. Not applied when the application declares its own {@code LazyMcp}.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface LazyMcpBuilderCustomizer {

	/**
	 * Changes the builder.
	 * @param builder the builder the auto-configuration prepared
	 */
	void customize(LazyMcp.Builder builder);

}
