/**
 * Internal: not API. Routing: which capability a user message calls for, decided without
 * a model call from the similarity of the message (pasted blocks removed) to each
 * capability's triggers, behind a threshold and a margin.
 */
@NullMarked
package io.github.lazymcp.capability.internal.routing;

import org.jspecify.annotations.NullMarked;
