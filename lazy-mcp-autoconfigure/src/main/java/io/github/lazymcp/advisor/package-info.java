/**
 * The per-step wire filter that narrows what the model sees, and the system-prompt
 * guidance.
 */
@NullMarked
package io.github.lazymcp.advisor;

import org.jspecify.annotations.NullMarked;
