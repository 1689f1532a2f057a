package io.github.lazymcp.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code jmh} subcommand: turns {@code --eval DIR} and {@code --catalogs DIR} into
 * the benchmarks' {@code eval} and {@code catalogs} parameters and hands every other
 * argument to JMH's own command line.
 */
final class JmhCommand {

	private JmhCommand() {
	}

	static void run(List<String> arguments) throws Exception {
		List<String> jmh = new ArrayList<>();
		for (int i = 0; i < arguments.size(); i++) {
			String argument = arguments.get(i);
			if ((argument.equals("--eval") || argument.equals("--catalogs")) && i + 1 < arguments.size()) {
				jmh.add("-p");
				jmh.add(argument.substring(2) + "=" + Path.of(arguments.get(++i)).toAbsolutePath());
			}
			else {
				jmh.add(argument);
			}
		}
		org.openjdk.jmh.Main.main(jmh.toArray(String[]::new));
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
