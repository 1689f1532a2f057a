package io.github.lazymcp.benchmarks.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * The {@code jmh} subcommand: turns {@code --eval DIR} and {@code --catalogs DIR} into
 * the benchmarks' {@code eval} and {@code catalogs} parameters and hands every other
 * argument to JMH's own command line. With {@code --results FILE} it runs JMH through its
 * API and reports each benchmark's result as a row as well ({@link JmhResults}); without,
 * JMH's command line runs as it is.
 */
public final class JmhCommand implements Command {

	/** The benchmarks' parameters that name the data folders. */
	private static final List<String> FOLDERS = List.of("eval", "catalogs");

	private static final OptionSpec OPTIONS = new OptionSpec(Set.copyOf(FOLDERS), Set.of(), true);

	@Override
	public String name() {
		return "jmh";
	}

	@Override
	public String usage() {
		return "jmh    [--eval DIR] [--catalogs DIR] [JMH options, e.g. -h, -l, SearchBenchmark -p tools=1000]";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		String[] jmh = jmhArguments(args).toArray(String[]::new);
		if (!out.keepsResults()) {
			org.openjdk.jmh.Main.main(jmh);
			return 0;
		}
		return measured(jmh, out);
	}

	/**
	 * Runs JMH through its API, which prints what its command line would, and reports
	 * each benchmark's result as a row. JMH writes a result file only when asked
	 * ({@code -rf}, {@code -rff}), as its command line does; the rows are read from the
	 * same JSON in memory.
	 */
	private static int measured(String[] jmh, Output out) throws Exception {
		CommandLineOptions options = options(jmh);
		if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
				|| options.shouldListProfilers() || options.shouldListResultFormats()) {
			// JMH's command line prints what was asked; nothing is measured
			org.openjdk.jmh.Main.main(jmh);
			return 0;
		}
		Collection<RunResult> results;
		try {
			results = new Runner(options).run();
		}
		catch (NoBenchmarksException ex) {
			throw new IllegalArgumentException("No benchmark matches " + options.getIncludes() + "; jmh -l lists them",
					ex);
		}
		ByteArrayOutputStream json = new ByteArrayOutputStream();
		ResultFormatFactory.getInstance(ResultFormatType.JSON, new PrintStream(json, true, StandardCharsets.UTF_8))
			.writeOut(results);
		JmhResults.rows(json.toString(StandardCharsets.UTF_8), Set.copyOf(FOLDERS))
			.forEach((row) -> out.result(row, JmhResults.line(row)));
		return 0;
	}

	/**
	 * JMH's command line parsed, as its own {@code Main} parses it.
	 * @throws IllegalArgumentException with JMH's message when it does not parse
	 */
	private static CommandLineOptions options(String[] jmh) {
		try {
			return new CommandLineOptions(jmh);
		}
		catch (CommandLineOptionException ex) {
			throw new IllegalArgumentException("JMH's options: " + ex.getMessage(), ex);
		}
	}

	/**
	 * JMH's command line: the folders as the benchmarks' parameters, then every other
	 * argument as given.
	 * @param args the command's options
	 * @return the arguments for JMH
	 */
	static List<String> jmhArguments(Options args) {
		List<String> jmh = new ArrayList<>();
		for (String parameter : FOLDERS) {
			if (args.has(parameter)) {
				jmh.add("-p");
				jmh.add(parameter + "=" + Path.of(args.require(parameter)).toAbsolutePath());
			}
		}
		jmh.addAll(args.rest());
		return jmh;
	}

}
