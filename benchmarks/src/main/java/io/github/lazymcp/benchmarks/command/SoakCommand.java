package io.github.lazymcp.benchmarks.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.soak.Soak;
import io.github.lazymcp.benchmarks.soak.SoakOptions;
import io.github.lazymcp.benchmarks.soak.SoakReport;

/**
 * The {@code soak} command: two instances of a real app under load and faults, judged
 * against a ledger; see {@link Soak}. Its report is one result: a Markdown table, or with
 * {@code --json} the report's JSON object on one line. Exits 1 when a target CI fails on
 * was missed.
 */
public final class SoakCommand implements Command {

	private static final OptionSpec OPTIONS = OptionSpec.of(Set.of("minutes", "conversations", "faults", "queries",
			"mcp-servers", "think-ms", "seed", "baseline", "quiet-seconds"), Set.of("json"));

	@Override
	public String name() {
		return "soak";
	}

	@Override
	public String usage() {
		return "soak   [--minutes M] [--conversations N] [--faults on|off] [--queries FILE] [--mcp-servers DIR]\n"
				+ "         [--think-ms MS] [--seed S] [--quiet-seconds S] [--baseline FILE] [--json]";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	/**
	 * Runs the soak and prints its report.
	 * @return 0, or 1 when a CI target was missed
	 */
	@Override
	public int run(Options args, Output out) throws Exception {
		return report(new Soak(options(args)).run(), out);
	}

	/**
	 * Prints a soak's report as one result: its JSON object, its table for people; then
	 * each CI target missed, as a note.
	 * @param report the report
	 * @param out where it goes
	 * @return 0, or 1 when a CI target was missed
	 */
	static int report(SoakReport report, Output out) {
		out.result(report.toJsonObject(), report.toTable());
		report.ciFailures().forEach((failure) -> out.note("soak: FAILED " + failure));
		return report.ciFailures().isEmpty() ? 0 : 1;
	}

	private static SoakOptions options(Options args) {
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
