package io.github.lazymcp.benchmarks.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;

/**
 * The {@code jmh} subcommand: turns {@code --eval DIR} and {@code --catalogs DIR} into
 * the benchmarks' {@code eval} and {@code catalogs} parameters and hands every other
 * argument to JMH's own command line.
 */
public final class JmhCommand implements Command {

	private static final OptionSpec OPTIONS = new OptionSpec(Set.of("eval", "catalogs"), Set.of(), true);

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
		org.openjdk.jmh.Main.main(jmhArguments(args).toArray(String[]::new));
		return 0;
	}

	/**
	 * JMH's command line: the folders as the benchmarks' parameters, then every other
	 * argument as given.
	 * @param args the command's options
	 * @return the arguments for JMH
	 */
	static List<String> jmhArguments(Options args) {
		List<String> jmh = new ArrayList<>();
		for (String parameter : List.of("eval", "catalogs")) {
			if (args.has(parameter)) {
				jmh.add("-p");
				jmh.add(parameter + "=" + Path.of(args.require(parameter)).toAbsolutePath());
			}
		}
		jmh.addAll(args.rest());
		return jmh;
	}

}
