/**
 * Per-conversation tool activation: which tool schemas a conversation has asked for,
 * bounded by a cap with least-recently-used eviction, and the bounded store that holds
 * the conversations.
 */
@NullMarked
package io.github.lazymcp.activation;

import org.jspecify.annotations.NullMarked;
