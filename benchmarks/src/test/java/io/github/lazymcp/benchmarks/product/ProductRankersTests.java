package io.github.lazymcp.benchmarks.product;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ProductRankersTests {

	@Test
	void aModelIsNamedByItsId() {
		assertThat(ProductRankers.model("bge-small-en-v1.5-q")).isEqualTo(BundledModel.BGE_SMALL_EN_V15_Q);
		assertThat(ProductRankers.model("all-minilm-l6-v2-q")).isEqualTo(BundledModel.ALL_MINILM_L6_V2_Q);
	}

	@Test
	void aHybridOrDenseRankerWhoseModelDoesNotLoadIsRefusedWithTheReason() {
		for (RankingSettings.Strategy strategy : List.of(RankingSettings.Strategy.HYBRID,
				RankingSettings.Strategy.DENSE)) {
			assertThatExceptionOfType(ModelNotLoadedException.class)
				.isThrownBy(() -> ProductRankers.create(strategy, withoutOnnxRuntime()))
				.withMessageStartingWith(
						ProductRankers.name(strategy) + " needs the embedding model, which did not load")
				.withMessageContaining("ONNX Runtime (com.microsoft.onnxruntime:onnxruntime) is not on the class path")
				.withMessageEndingWith("without it lazy-mcp ranks with BM25, so nothing was measured");
		}
	}

	@Test
	void bm25NeverAsksForTheModel() {
		assertThat(ProductRankers.create(RankingSettings.Strategy.BM25, withoutOnnxRuntime()).id()).isEqualTo("bm25");
	}

	@Test
	void anUnknownModelIsRejectedWithTheKnownIds() {
		assertThatIllegalArgumentException().isThrownBy(() -> ProductRankers.model("ALL_MINILM_L6_V2_Q"))
			.withMessageContaining("Unknown model 'ALL_MINILM_L6_V2_Q'")
			.withMessageContaining("all-minilm-l6-v2-q");
	}

	/** The product's embedder of the bundled model, where the ONNX Runtime is not. */
	private static EmbeddingFixtures.Embedder withoutOnnxRuntime() {
		return EmbeddingFixtures.of(EmbeddingSettings.DEFAULTS.withCacheDirectory(null),
				new URLClassLoader(new URL[0], null));
	}

}
