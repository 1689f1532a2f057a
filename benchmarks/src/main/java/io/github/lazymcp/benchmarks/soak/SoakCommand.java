package io.github.lazymcp.benchmarks.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.Args;

/**
 * The {@code soak} command: two instances of a real app under load and faults, judged
 * against a ledger; see {@link Soak}. Exits 1 when a target CI fails on was missed.
 */
public final class SoakCommand {

	/** One line of the jar's usage. */
	public static final String USAGE = "soak   [--minutes M] [--conversations N] [--faults on|off] [--queries FILE] "
			+ "[--mcp-servers DIR]\n"
			+ "         [--think-ms MS] [--seed S] [--quiet-seconds S] [--baseline FILE] [--json]";

	private SoakCommand() {
	}

	/**
	 * Runs the command.
	 * @param arguments the arguments after {@code soak}
	 * @return the exit code: 0, or 1 when a CI target was missed
	 * @throws Exception when the run cannot be set up
	 */
	public static int run(List<String> arguments) throws Exception {
		Args args = Args.parse(arguments, Set.of("minutes", "conversations", "faults", "queries", "mcp-servers",
				"think-ms", "seed", "baseline", "quiet-seconds"), Set.of("json"));
		SoakOptions options = options(args);
		SoakReport report = new Soak(options).run();
		System.out.println(args.flag("json") ? report.toJson() : report.toTable());
		report.ciFailures().forEach((failure) -> System.err.println("soak: FAILED " + failure));
		return report.ciFailures().isEmpty() ? 0 : 1;
	}

	static SoakOptions options(Args args) {
		String faults = args.get("faults", "on");
		if (!faults.equals("on") && !faults.equals("off")) {
			throw new IllegalArgumentException("--faults must be 'on' or 'off', was '" + faults + "'");
		}
		Path mcpServers = Path.of(args.get("mcp-servers", "mcp-servers"));
		if (!Files.isDirectory(mcpServers.resolve("node_modules/.bin"))) {
			throw new IllegalArgumentException("--mcp-servers " + mcpServers
					+ " has no node_modules/.bin: run from the repository root after the build (npm ci in mcp-servers)");
		}
		Duration measured = Duration.ofMillis(Math.round(args.decimal("minutes", 60) * 60_000));
		return new SoakOptions(measured, args.integer("conversations", 32), faults.equals("on"),
				args.has("queries") ? Path.of(args.require("queries")) : null, mcpServers,
				args.integer("think-ms", 500), args.integer("seed", 1),
				args.has("baseline") ? Path.of(args.require("baseline")) : null,
				Duration.ofSeconds(args.integer("quiet-seconds", (int) SoakOptions.QUIET.toSeconds())));
	}

}
