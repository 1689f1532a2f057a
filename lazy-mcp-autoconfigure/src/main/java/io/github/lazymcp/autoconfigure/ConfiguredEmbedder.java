package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.embedding.OnnxEmbeddingModel;
import io.github.lazymcp.embedding.TextEmbedder;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.util.function.SingletonSupplier;

/**
 * The one embedder of the application, shared by ToolSearch and the capability router:
 * the bundled ONNX model named by {@code tools.lazy-mcp.search.embedding.model}, or the
 * application's own {@link EmbeddingModel} when
 * {@code tools.lazy-mcp.search.embedding.use-application-model} is set. The model is
 * loaded on first use, so an application that ranks with BM25 and has no capabilities
 * never loads it.
 */
final class ConfiguredEmbedder {

	private final LazyMcpProperties.Embedding settings;

	private final SingletonSupplier<TextEmbedder> embedder;

	ConfiguredEmbedder(LazyMcpProperties.Embedding settings, @Nullable EmbeddingModel applicationModel,
			ClassLoader classLoader) {
		this.settings = settings;
		this.embedder = SingletonSupplier.of(() -> load(settings, applicationModel, classLoader));
	}

	/**
	 * Returns the embedder, loading the model the first time.
	 * @return the embedder
	 * @throws IllegalStateException if the model cannot be had; every later call throws
	 * again (and tries again)
	 */
	TextEmbedder obtain() {
		return this.embedder.obtain();
	}

	/**
	 * The text the model wants before a search query: the bundled model's, none for an
	 * application model.
	 */
	String queryPrefix() {
		return this.settings.isUseApplicationModel() ? "" : this.settings.getModel().queryPrefix();
	}

	private static TextEmbedder load(LazyMcpProperties.Embedding settings, @Nullable EmbeddingModel applicationModel,
			ClassLoader classLoader) {
		if (settings.isUseApplicationModel()) {
			if (applicationModel == null) {
				throw new IllegalStateException("tools.lazy-mcp.search.embedding.use-application-model is true but "
						+ "the application has no single EmbeddingModel bean");
			}
			return new TextEmbedder(applicationModel, applicationModel.getClass().getName(),
					settings.getCacheDirectory());
		}
		try {
			OnnxEmbeddingModel model = OnnxEmbeddingModel.load(settings.getModel(), classLoader);
			return new TextEmbedder(model, model.modelId(), settings.getCacheDirectory());
		}
		catch (RuntimeException | LinkageError ex) {
			// Missing ONNX natives must not escape as an Error into a chat request.
			throw new IllegalStateException("The embedding model '%s' could not be loaded: %s"
				.formatted(settings.getModel().id(), ex.getMessage()), ex);
		}
	}

}
