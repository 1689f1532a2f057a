package io.github.lazymcp.benchmarks.command;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.results.DocTables;
import io.github.lazymcp.benchmarks.results.ResultsFile;
import io.github.lazymcp.benchmarks.results.TableKinds;

/**
 * {@code docs}: the docs' generated tables and the results files they come from.
 * {@code --write} regenerates every generated block from its files ({@link DocTables}),
 * the one way the tables are made; {@code --check} exits with 1 when a block differs from
 * what its files give (with a diff), a marker names a file that is not there, or a doc
 * names a path of one machine; {@code --same} exits with 1 when a rerun's results differ
 * from the committed file's, headers and timings left out
 * ({@link ResultsFile#same(ResultsFile, Predicate)}). It reads committed files only, so
 * it needs no datasets.
 *
 * <pre>
 * docs --write | --check [--docs DIR] [--results DIR]
 * docs --same COMMITTED.json RERUN.json [--ignore KEY,KEY]
 * </pre>
 */
public final class DocsCommand implements Command {

	/**
	 * The docs folder when {@code --docs} is not given: the repository's root is above
	 * it.
	 */
	private static final String DOCS = "docs";

	/**
	 * The results folder, inside the docs folder, when {@code --results} is not given.
	 */
	private static final String RESULTS = "results";

	// passes the rest on only for --same's second file; anything else left over is an
	// error
	private static final OptionSpec OPTIONS = new OptionSpec(Set.of("docs", "results", "same", "ignore"),
			Set.of("write", "check"), true);

	@Override
	public String name() {
		return "docs";
	}

	@Override
	public String usage() {
		String kinds = String.join(", ", TableKinds.names());
		return """
				docs   --write | --check [--docs DIR] [--results DIR]
				         a marker's table=KIND: %s
				docs   --same COMMITTED.json RERUN.json [--ignore KEY,KEY]""".formatted(kinds);
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		long modes = Stream.of(args.flag("write"), args.flag("check"), args.has("same")).filter((on) -> on).count();
		if (modes != 1) {
			throw new IllegalArgumentException("docs takes one of --write, --check and --same");
		}
		if (args.has("same")) {
			return same(args, out);
		}
		if (!args.rest().isEmpty()) {
			throw new IllegalArgumentException("Unexpected argument '" + args.rest().get(0) + "'");
		}
		if (args.has("ignore")) {
			throw new IllegalArgumentException("--ignore goes with --same");
		}
		Path docs = Path.of(args.get("docs", DOCS)).toAbsolutePath().normalize();
		Path root = (docs.getParent() != null) ? docs.getParent() : docs;
		Path results = args.has("results") ? Path.of(args.require("results")) : docs.resolve(RESULTS);
		return args.flag("write") ? write(root, results, out) : check(root, results, out);
	}

	private static int write(Path root, Path results, Output out) throws Exception {
		List<Path> written = DocTables.write(root, results);
		written.forEach((doc) -> out.text("regenerated " + doc));
		out.text((written.isEmpty() ? "every generated table was already" : written.size() + " docs now")
				+ " as the results files give them");
		return 0;
	}

	private static int check(Path root, Path results, Output out) throws Exception {
		List<String> findings = DocTables.check(root, results);
		findings.forEach(out::text);
		if (findings.isEmpty()) {
			out.text("docs are as their results files give them, with no path of one machine");
			return 0;
		}
		out.text("docs check FAILED: %d finding%s".formatted(findings.size(), (findings.size() == 1) ? "" : "s"));
		return 1;
	}

	private static int same(Options args, Output out) throws Exception {
		List<String> rest = args.rest();
		if (rest.size() != 1 || rest.get(0).startsWith("--")) {
			throw new IllegalArgumentException("--same takes two results files: --same COMMITTED.json RERUN.json"
					+ (rest.isEmpty() ? "" : "; unexpected " + rest));
		}
		if (args.has("docs") || args.has("results")) {
			throw new IllegalArgumentException("--docs and --results go with --write or --check");
		}
		Path committed = Path.of(args.require("same"));
		Path rerun = Path.of(rest.get(0));
		Set<String> ignored = Set.copyOf(Arrays.asList(args.get("ignore", "").split(",")));
		List<String> differences = ResultsFile.read(committed).same(ResultsFile.read(rerun), ignored::contains);
		differences.forEach(out::text);
		if (differences.isEmpty()) {
			out.text("%s and %s have the same results".formatted(committed, rerun));
			return 0;
		}
		out.text("%s and %s differ in %d value%s".formatted(committed, rerun, differences.size(),
				(differences.size() == 1) ? "" : "s"));
		return 1;
	}

}
