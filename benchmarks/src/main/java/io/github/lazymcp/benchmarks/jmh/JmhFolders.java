package io.github.lazymcp.benchmarks.jmh;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder parameters of the benchmarks, which the {@code jmh} command sets from its
 * {@code --eval} and {@code --catalogs} options.
 */
final class JmhFolders {

	private JmhFolders() {
	}

	/**
	 * Checks a folder parameter inside a benchmark.
	 * @param value the parameter's value
	 * @param option the subcommand option that sets it
	 * @return the folder
	 * @throws IllegalArgumentException when it was not set or does not exist
	 */
	static Path folder(String value, String option) {
		if (value.isBlank() || !Files.isDirectory(Path.of(value))) {
			throw new IllegalArgumentException("Pass " + option + " DIR to the jmh subcommand (was '" + value + "')");
		}
		return Path.of(value);
	}

}
