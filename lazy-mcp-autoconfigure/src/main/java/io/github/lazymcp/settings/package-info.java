/**
 * What every settings record shares:
 * {@link io.github.lazymcp.settings.InvalidSettingException}, thrown for a value a record
 * can never hold, naming the component, the value and the rule. The records themselves
 * live with their concepts ({@code CatalogSettings}, {@code SessionSettings}, ...); this
 * package depends on nothing of lazy-mcp, so that each of them may use it.
 */
@NullMarked
package io.github.lazymcp.settings;

import org.jspecify.annotations.NullMarked;
