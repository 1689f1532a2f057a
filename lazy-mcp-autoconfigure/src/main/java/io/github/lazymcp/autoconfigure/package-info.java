/**
 * Spring Boot auto-configuration for lazy-mcp and its {@code tools.lazy-mcp.*}
 * properties.
 */
@NullMarked
package io.github.lazymcp.autoconfigure;

import org.jspecify.annotations.NullMarked;
