/**
 * Offline text embeddings for ranking tools by meaning.
 * <p>
 * lazy-mcp runs one of the
 * {@link io.github.lazymcp.embedding.EmbeddingSettings.BundledModel}s, ONNX files shipped
 * in Maven Central jars, with ONNX Runtime and a Hugging Face tokenizer: nothing is
 * downloaded at run time. The vectors of texts already embedded are kept in memory and in
 * an append-only file per model, so a restart re-embeds only what changed. An app may
 * bring its own Spring AI {@code EmbeddingModel} instead.
 * <p>
 * ONNX Runtime, the tokenizer and the model jars are optional dependencies; loading a
 * model says which one is missing.
 */
@NullMarked
package io.github.lazymcp.embedding;

import org.jspecify.annotations.NullMarked;
