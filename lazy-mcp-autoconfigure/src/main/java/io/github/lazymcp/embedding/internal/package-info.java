/**
 * Internal: not API. The ONNX Runtime embedding model, the cache of embedded texts (in
 * memory and in an append-only file per model) and vector arithmetic.
 */
@NullMarked
package io.github.lazymcp.embedding.internal;

import org.jspecify.annotations.NullMarked;
