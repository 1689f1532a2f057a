package io.github.lazymcp.benchmarks;

import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LazyRankersTests {

	@Test
	void aModelIsNamedByItsId() {
		assertThat(LazyRankers.model("bge-small-en-v1.5-q")).isEqualTo(BundledModel.BGE_SMALL_EN_V15_Q);
		assertThat(LazyRankers.model("all-minilm-l6-v2-q")).isEqualTo(BundledModel.ALL_MINILM_L6_V2_Q);
	}

	@Test
	void anUnknownModelIsRejectedWithTheKnownIds() {
		assertThatIllegalArgumentException().isThrownBy(() -> LazyRankers.model("ALL_MINILM_L6_V2_Q"))
			.withMessageContaining("Unknown model 'ALL_MINILM_L6_V2_Q'")
			.withMessageContaining("all-minilm-l6-v2-q");
	}

}
