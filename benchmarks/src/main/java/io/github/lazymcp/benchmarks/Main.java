package io.github.lazymcp.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.ConsoleOutput;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.command.CatalogReportCommand;
import io.github.lazymcp.benchmarks.command.EvalCommand;
import io.github.lazymcp.benchmarks.command.GateCommand;
import io.github.lazymcp.benchmarks.command.IndexCommand;
import io.github.lazymcp.benchmarks.command.JmhCommand;
import io.github.lazymcp.benchmarks.command.ReplayCommand;
import io.github.lazymcp.benchmarks.command.RouteCommand;
import io.github.lazymcp.benchmarks.command.SoakCommand;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;

/**
 * Entry point of the benchmark jar: finds the command by its name, parses its options,
 * runs it and exits with its status. A usage error exits with 2 and the usage text; a
 * model that did not load with {@value ModelNotLoadedException#EXIT_STATUS}.
 */
public final class Main {

	/** Every command, in the order of the usage text. */
	private static final List<Command> COMMANDS = List.of(new EvalCommand(), new ReplayCommand(), new IndexCommand(),
			new RouteCommand(), new GateCommand(), new CatalogReportCommand(), new SoakCommand(), new JmhCommand());

	/** The exit status of a command line the jar does not understand. */
	private static final int USAGE_ERROR = 2;

	private Main() {
	}

	public static void main(String[] args) throws Exception {
		if (args.length == 0 || Set.of("-h", "--help", "help").contains(args[0])) {
			System.out.println(usage());
			return;
		}
		System.exit(run(args[0], Arrays.asList(args).subList(1, args.length)));
	}

	/**
	 * Runs a command.
	 * @param name the command's name
	 * @param arguments the arguments after it
	 * @return the exit status
	 * @throws Exception when the command cannot run
	 */
	static int run(String name, List<String> arguments) throws Exception {
		try {
			Command command = find(name)
				.orElseThrow(() -> new IllegalArgumentException("Unknown command '" + name + "'"));
			Options options = Options.parse(arguments, command.options());
			return command.run(options, ConsoleOutput.standard(options.flag("json")));
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.println(usage());
			return USAGE_ERROR;
		}
		catch (ModelNotLoadedException ex) {
			System.err.println("error: " + ex.getMessage());
			return ModelNotLoadedException.EXIT_STATUS;
		}
	}

	private static Optional<Command> find(String name) {
		return COMMANDS.stream().filter((command) -> command.name().equals(name)).findFirst();
	}

	/**
	 * The usage text: each command's forms, indented, then the rankers.
	 * @return the text
	 */
	static String usage() {
		String commands = COMMANDS.stream()
			.flatMap((command) -> command.usage().lines())
			.map((line) -> line.startsWith(" ") ? line : "  " + line)
			.collect(Collectors.joining("\n"));
		return "usage:\n%s\nrankers: %s (default %s, the product's)\nUnknown options are errors.".formatted(commands,
				RankerRegistry.standard().names(), ProductRankers.defaultRanker());
	}

}
