package io.github.lazymcp.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.ConsoleOutput;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.cli.RecordingOutput;
import io.github.lazymcp.benchmarks.command.CatalogReportCommand;
import io.github.lazymcp.benchmarks.command.CompareCommand;
import io.github.lazymcp.benchmarks.command.DocsCommand;
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
import io.github.lazymcp.benchmarks.results.ResultsFile;
import io.github.lazymcp.benchmarks.results.RunHeader;
import io.github.lazymcp.benchmarks.results.RunSources;
import org.jspecify.annotations.Nullable;

/**
 * Entry point of the benchmark jar: finds the command by its name, parses its options,
 * runs it and exits with its status. A usage error exits with 2 and the usage text; a
 * model that did not load with {@value ModelNotLoadedException#EXIT_STATUS}.
 * <p>
 * {@code --results FILE}, handled here for every command that prints results, writes the
 * run's results as the command's {@code --json} gives them, with where they come from
 * ({@link ResultsFile}, {@link RunHeader}), for the docs' tables.
 */
public final class Main {

	/** Every command, in the order of the usage text. */
	private static final List<Command> COMMANDS = List.of(new EvalCommand(), new ReplayCommand(), new CompareCommand(),
			new IndexCommand(), new RouteCommand(), new GateCommand(), new CatalogReportCommand(), new SoakCommand(),
			new JmhCommand(), new DocsCommand());

	/** The option that writes a command's results to a results file. */
	private static final String RESULTS = "--results";

	/** The commands whose results {@value #RESULTS} writes: those that print results. */
	private static final List<String> WITH_RESULTS = List.of("eval", "replay", "compare", "index", "route", "gate",
			"catalog-report", "soak", "jmh");

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
		return run(name, arguments, RunSources.system(), Path.of(""));
	}

	/**
	 * Runs a command, from a working directory and with a run's sources of its own.
	 * @param name the command's name
	 * @param arguments the arguments after it
	 * @param sources where a results file's header reads the date, load, machine and
	 * commit
	 * @param workingDirectory what paths in a results file's command are relative to
	 * @return the exit status
	 * @throws Exception when the command cannot run
	 */
	static int run(String name, List<String> arguments, RunSources sources, Path workingDirectory) throws Exception {
		try {
			Command command = find(name)
				.orElseThrow(() -> new IllegalArgumentException("Unknown command '" + name + "'"));
			Path resultsFile = resultsFile(name, arguments);
			List<String> commandArguments = new ArrayList<>(arguments);
			if (resultsFile != null) {
				commandArguments.subList(arguments.indexOf(RESULTS), arguments.indexOf(RESULTS) + 2).clear();
			}
			Options options = Options.parse(commandArguments, command.options());
			Output console = ConsoleOutput.standard(options.flag("json"));
			if (resultsFile == null) {
				return command.run(options, console);
			}
			List<String> typed = new ArrayList<>(List.of(name));
			typed.addAll(arguments);
			return recorded(command, options, console, RunHeader.start(typed, workingDirectory, sources), resultsFile);
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

	/**
	 * Runs a command and writes its results, with where they come from, to a results
	 * file, whatever its exit status.
	 */
	private static int recorded(Command command, Options options, Output console, RunHeader.Started run,
			Path resultsFile) throws Exception {
		RecordingOutput recording = new RecordingOutput(console);
		int status = command.run(options, recording);
		new ResultsFile(run.finish(), recording.results()).write(resultsFile);
		return status;
	}

	/**
	 * The results file a command line asks for.
	 * @return the file, or null when {@value #RESULTS} is not given
	 * @throws IllegalArgumentException when it is given to a command without results,
	 * given twice or without its file
	 */
	private static @Nullable Path resultsFile(String name, List<String> arguments) {
		int at = arguments.indexOf(RESULTS);
		if (at < 0) {
			return null;
		}
		if (!WITH_RESULTS.contains(name)) {
			throw new IllegalArgumentException(
					"%s is for the commands that print results: %s".formatted(RESULTS, names(WITH_RESULTS)));
		}
		if (at + 1 >= arguments.size() || arguments.lastIndexOf(RESULTS) != at) {
			throw new IllegalArgumentException(RESULTS + " takes one file, once");
		}
		return Path.of(arguments.get(at + 1));
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
		return """
				usage:
				%s
				%s also take %s FILE: their results as a results file, for the docs' tables
				rankers: %s (default %s, the product's)
				Unknown options are errors.""".formatted(commands, names(WITH_RESULTS), RESULTS,
				RankerRegistry.standard().names(), ProductRankers.defaultRanker());
	}

	private static String names(List<String> names) {
		return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
	}

}
