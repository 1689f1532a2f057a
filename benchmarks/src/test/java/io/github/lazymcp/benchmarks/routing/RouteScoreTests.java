package io.github.lazymcp.benchmarks.routing;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RouteScoreTests {

	@TempDir
	Path folder;

	@Test
	void routesEveryIntentWithTheShippedGate() throws Exception {
		Path intents = TinyData.routing(this.folder);

		RouteScore score = RouteScore.of(this.folder.resolve("capabilities"), intents,
				ProductRankers.embedder(EmbeddingSettings.DEFAULTS.model()), CapabilitySettings.DEFAULTS.gate(), null);

		assertThat(score.positives()).isEqualTo(3);
		assertThat(score.negatives()).isEqualTo(2);
		assertThat(score.top1()).isEqualTo(score.hits() / 3.0);
		assertThat(score.misses()).hasSize(3 - score.hits() + 2 - score.abstained());
	}

	@Test
	void aModelThatDoesNotLoadStopsTheRoutingWithTheReason() throws Exception {
		Path intents = TinyData.routing(this.folder);
		EmbeddingFixtures.Embedder withoutOnnxRuntime = EmbeddingFixtures.of(EmbeddingSettings.DEFAULTS,
				new URLClassLoader(new URL[0], null));

		assertThatExceptionOfType(ModelNotLoadedException.class)
			.isThrownBy(() -> RouteScore.of(this.folder.resolve("capabilities"), intents, withoutOnnxRuntime,
					CapabilitySettings.DEFAULTS.gate(), null))
			.withMessageStartingWith("route needs the embedding model, which did not load")
			.withMessageContaining("is not on the class path")
			.withMessageEndingWith("without it no capability can be scored, so nothing was measured");
	}

}
