/**
 * How identities are read and shown: from Spring Security's context, and as opaque ids.
 */
@NullMarked
package io.github.lazymcp.identity.internal;

import org.jspecify.annotations.NullMarked;
