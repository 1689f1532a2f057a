/**
 * Offline text embeddings for ranking tools by meaning.
 * <p>
 * {@link io.github.lazymcp.embedding.OnnxEmbeddingModel} runs one of the
 * {@link io.github.lazymcp.embedding.BundledModel}s, ONNX files shipped in Maven Central
 * jars, with ONNX Runtime and a Hugging Face tokenizer: nothing is downloaded at run
 * time. {@link io.github.lazymcp.embedding.EmbeddingCache} keeps the vectors of texts
 * already embedded, in memory and in an append-only file per model, so a restart
 * re-embeds only what changed. {@link io.github.lazymcp.embedding.Vectors} compares them.
 * <p>
 * ONNX Runtime, the tokenizer and the model jars are optional dependencies:
 * {@link io.github.lazymcp.embedding.OnnxEmbeddingModel#load(BundledModel)} says which
 * one is missing.
 */
@NullMarked
package io.github.lazymcp.embedding;

import org.jspecify.annotations.NullMarked;
