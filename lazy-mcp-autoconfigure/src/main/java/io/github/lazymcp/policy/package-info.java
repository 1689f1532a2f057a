/**
 * Access policies: named allow/deny rules over the tool names the model sees, picked per
 * request, enforced as a filter on search, on the wire and on execution, and by
 * capabilities when they are enabled.
 */
@NullMarked
package io.github.lazymcp.policy;

import org.jspecify.annotations.NullMarked;
