package io.github.lazymcp.embedding.internal;

import java.io.IOException;
import java.io.InputStream;

import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;

/**
 * Finds what a {@link BundledModel} needs on the class path, and says precisely what is
 * missing when it is not there: the libraries are optional dependencies of lazy-mcp and
 * the model jars are chosen by the application.
 */
final class ModelResources {

	private static final String[][] LIBRARIES = {
			{ "ai.onnxruntime.OrtEnvironment", "ONNX Runtime (com.microsoft.onnxruntime:onnxruntime)" },
			{ "ai.djl.huggingface.tokenizers.HuggingFaceTokenizer",
					"the Hugging Face tokenizer (ai.djl.huggingface:tokenizers)" } };

	private final BundledModel model;

	private final ClassLoader classLoader;

	ModelResources(BundledModel model, ClassLoader classLoader) {
		this.model = model;
		this.classLoader = classLoader;
	}

	void requireLibraries() {
		for (String[] library : LIBRARIES) {
			try {
				Class.forName(library[0], false, this.classLoader);
			}
			catch (ClassNotFoundException | LinkageError ex) {
				throw new IllegalStateException("Cannot load embedding model " + this.model.id() + ": " + library[1]
						+ " is not on the class path", ex);
			}
		}
	}

	byte[] onnx() {
		return read(this.model.onnxResource());
	}

	byte[] tokenizer() {
		return read(this.model.tokenizerResource());
	}

	private byte[] read(String resource) {
		try (InputStream in = this.classLoader.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalStateException("Cannot load embedding model " + this.model.id() + ": resource '"
						+ resource + "' is not on the class path; add the jar " + this.model.artifact());
			}
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read resource '" + resource + "' of " + this.model.artifact(), ex);
		}
	}

}
