package io.github.lazymcp.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.lazymcp.embedding.EmbeddingCache;
import io.github.lazymcp.embedding.OnnxEmbeddingModel;
import io.github.lazymcp.embedding.Vectors;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.util.function.SingletonSupplier;

/**
 * The embedding function of the capability router: the same model ToolSearch is
 * configured with (the bundled one, or the application's own), behind an
 * {@link EmbeddingCache} so trigger phrases are embedded once per content. The model is
 * loaded on first use, so an application without capabilities, or one that never routes,
 * does not pay for it.
 */
final class CapabilityEmbedder implements Function<List<String>, List<float[]>> {

	private final SingletonSupplier<Function<List<String>, List<float[]>>> embedder;

	CapabilityEmbedder(LazyMcpProperties.Embedding settings, @Nullable EmbeddingModel applicationModel,
			ClassLoader classLoader) {
		this.embedder = SingletonSupplier.of(() -> load(settings, applicationModel, classLoader));
	}

	@Override
	public List<float[]> apply(List<String> texts) {
		return this.embedder.obtain().apply(texts);
	}

	private static Function<List<String>, List<float[]>> load(LazyMcpProperties.Embedding settings,
			@Nullable EmbeddingModel applicationModel, ClassLoader classLoader) {
		try {
			return create(settings, applicationModel, classLoader);
		}
		catch (LinkageError ex) {
			// Missing ONNX natives must not escape as an Error into a chat request.
			throw new IllegalStateException("The embedding model '%s' could not be loaded: %s"
				.formatted(settings.getModel().id(), ex.getMessage()), ex);
		}
	}

	private static Function<List<String>, List<float[]>> create(LazyMcpProperties.Embedding settings,
			@Nullable EmbeddingModel applicationModel, ClassLoader classLoader) {
		if (settings.isUseApplicationModel() && applicationModel != null) {
			EmbeddingCache cache = new EmbeddingCache(applicationModel, applicationModel.getClass().getName(),
					settings.getCacheDirectory());
			// Application models do not promise unit vectors; cosine similarity needs
			// them.
			return (texts) -> normalised(cache.embedAll(texts));
		}
		OnnxEmbeddingModel model = OnnxEmbeddingModel.load(settings.getModel(), classLoader);
		return new EmbeddingCache(model, model.modelId(), settings.getCacheDirectory())::embedAll;
	}

	private static List<float[]> normalised(List<float[]> vectors) {
		List<float[]> unit = new ArrayList<>(vectors.size());
		for (float[] vector : vectors) {
			double norm = Vectors.norm(vector);
			float[] scaled = new float[vector.length];
			for (int i = 0; i < vector.length && norm > 0; i++) {
				scaled[i] = (float) (vector[i] / norm);
			}
			unit.add(scaled);
		}
		return unit;
	}

}
