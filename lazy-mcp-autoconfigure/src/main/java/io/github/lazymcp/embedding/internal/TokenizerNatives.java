package io.github.lazymcp.embedding.internal;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * Keeps the DJL tokenizer from downloading its native library.
 * <p>
 * DJL extracts {@code libtokenizers} from its jar into {@code ~/.djl.ai/tokenizers} (or
 * {@code DJL_CACHE_DIR}). But where it detects a CUDA GPU it wants a CUDA build, which
 * the jar lacks, and downloads one; and for a platform the jar has no build for (Intel
 * macOS) it downloads too. Tokenizing is cheap, so the CPU build is always the right one:
 * we ask for it with {@code RUST_FLAVOR=cpu} unless the application chose a flavour, and
 * fail with a clear message rather than download when the jar has no CPU build for this
 * platform. A {@code RUST_LIBRARY_PATH} set by the application wins over both.
 */
final class TokenizerNatives {

	private static final String FLAVOR = "RUST_FLAVOR";

	private static final String OVERRIDE = "RUST_LIBRARY_PATH";

	private TokenizerNatives() {
	}

	static synchronized void preferBundledCpuBuild() {
		if (setting(OVERRIDE) != null) {
			return;
		}
		if (setting(FLAVOR) == null) {
			System.setProperty(FLAVOR, "cpu");
		}
		String resource = "native/lib/" + classifier() + "/cpu/" + System.mapLibraryName("tokenizers");
		if (TokenizerNatives.class.getClassLoader().getResource(resource) == null) {
			throw new IllegalStateException("ai.djl.huggingface:tokenizers has no bundled native library for "
					+ classifier() + " and would download one; set " + OVERRIDE + " to a local build instead");
		}
	}

	/** DJL's name for this platform, as in the jar's {@code native/lib} folders. */
	static String classifier() {
		String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
		String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
		String prefix = os.startsWith("win") ? "win" : (os.startsWith("mac") ? "osx" : "linux");
		String suffix = (arch.equals("amd64") || arch.equals("x86_64")) ? "x86_64"
				: (arch.equals("arm64") ? "aarch64" : arch);
		return prefix + "-" + suffix;
	}

	private static @Nullable String setting(String name) {
		String value = System.getenv(name);
		return (value != null && !value.isEmpty()) ? value : System.getProperty(name);
	}

}
