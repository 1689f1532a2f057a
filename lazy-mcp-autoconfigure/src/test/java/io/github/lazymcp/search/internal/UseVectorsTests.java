package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class UseVectorsTests {

	private final List<List<String>> embedded = new ArrayList<>();

	private final UseVectors vectors = new UseVectors((texts) -> {
		this.embedded.add(texts);
		return texts.stream().map((text) -> new float[] { text.length() }).toList();
	});

	@Test
	void embedsOnlyUsesItHoldsNoVectorOfAndKeepsOnlyThoseAskedForLast() {
		this.vectors.of(List.of("read my diary", "send the mail"));

		List<float[]> next = this.vectors.of(List.of("send the mail", "list my files", "send the mail"));

		assertThat(this.embedded).containsExactly(List.of("read my diary", "send the mail"), List.of("list my files"));
		assertThat(next).extracting((vector) -> vector[0]).containsExactly(13f, 13f, 13f);
		assertThat(this.vectors.size()).as("the diary request was dropped").isEqualTo(2);
	}

	@Test
	void noUsesKeepNoVectors() {
		this.vectors.of(List.of("read my diary"));

		assertThat(this.vectors.of(List.of())).isEmpty();

		assertThat(this.vectors.size()).isZero();
	}

	@Test
	void refusesAnEmbedderThatLosesVectors() {
		UseVectors lossy = new UseVectors((texts) -> List.of());

		assertThatIllegalStateException().isThrownBy(() -> lossy.of(List.of("a")))
			.withMessageContaining("0 vectors for 1 uses");
	}

}
