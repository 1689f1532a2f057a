/**
 * Internal: not API. The checks the settings records share ({@code Checks}), each
 * throwing an {@link io.github.lazymcp.settings.InvalidSettingException}.
 */
@NullMarked
package io.github.lazymcp.settings.internal;

import org.jspecify.annotations.NullMarked;
