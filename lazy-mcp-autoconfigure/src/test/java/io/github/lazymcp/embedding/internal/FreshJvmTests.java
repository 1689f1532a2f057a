package io.github.lazymcp.embedding.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Loads a model in a JVM of its own, started as an IDE or {@code java -cp} would start an
 * application: with a command line of tens of kilobytes. ONNX Runtime 1.29.0 crashes such
 * a JVM with SIGSEGV while initialising (1.28.0 does not); Surefire's own short command
 * line hides that, hence this test.
 */
class FreshJvmTests {

	@Test
	void loadsAndEmbedsInAJvmStartedWithALongCommandLine() throws IOException, InterruptedException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				"-Dlazymcp.padding=" + "x".repeat(60_000), LoadAndEmbed.class.getName())
			.redirectErrorStream(true)
			.start();
		byte[] output = process.getInputStream().readAllBytes();
		assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
		String text = new String(output, StandardCharsets.UTF_8);
		assertThat(process.exitValue()).as(text).isZero();
		assertThat(text).contains("embedded 384 floats");
	}

	/**
	 * The child JVM's program.
	 */
	static final class LoadAndEmbed {

		public static void main(String[] args) {
			try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(BundledModel.ALL_MINILM_L6_V2_Q)) {
				List<float[]> vectors = model.embed(List.of("read a file", "send an email"));
				System.out.println("embedded " + vectors.get(1).length + " floats");
			}
		}

	}

}
