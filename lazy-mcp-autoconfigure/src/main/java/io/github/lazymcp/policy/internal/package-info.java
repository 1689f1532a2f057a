/**
 * Internal: not API. {@code AccessPolicies}, the filter that applies the access policy a
 * request picked.
 */
@NullMarked
package io.github.lazymcp.policy.internal;

import org.jspecify.annotations.NullMarked;
