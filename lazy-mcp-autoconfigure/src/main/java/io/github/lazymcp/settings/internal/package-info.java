/**
 * Internal: not API. The checks the settings records share ({@code Checks}), each
 * throwing an {@link io.github.lazymcp.settings.InvalidSettingException}, and the name
 * patterns of the catalog's and the access policies' settings ({@code NamePatterns}).
 */
@NullMarked
package io.github.lazymcp.settings.internal;

import org.jspecify.annotations.NullMarked;
