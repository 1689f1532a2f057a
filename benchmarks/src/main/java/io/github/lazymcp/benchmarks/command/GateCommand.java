package io.github.lazymcp.benchmarks.command;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.gate.GateSpec;
import io.github.lazymcp.benchmarks.gate.QualityFloors;
import io.github.lazymcp.benchmarks.gate.QualityGate;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code gate}: the quality gate CI runs ({@link QualityGate}) over the floors file, with
 * its table, each judged figure a result (for {@code --results}); exits 1 when the gate
 * fails. Only the environment variable {@value #SKIP} set to {@code 1} skips it, for a
 * plain clone without the datasets; CI never sets it.
 *
 * <pre>
 * gate --floors FILE --eval DIR --capabilities DIR --intents FILE[,FILE] [--write FILE]
 * </pre>
 */
public final class GateCommand implements Command {

	/** The environment variable that skips the gate when set to {@code 1}. */
	public static final String SKIP = "LAZYMCP_SKIP_QUALITY_GATE";

	/** A row of the gate's table: figure, floor, measured, status. */
	private static final String ROW = "%-58s %7s %8s  %s";

	private static final OptionSpec OPTIONS = OptionSpec
		.of(Set.of("floors", "eval", "capabilities", "intents", "write"), Set.of());

	private final GateSpec spec;

	private final Map<String, String> environment;

	/** The shipped gate, skipped by this process's environment. */
	public GateCommand() {
		this(GateSpec.SHIPPED, System.getenv());
	}

	/**
	 * A gate.
	 * @param spec what is gated
	 * @param environment the environment, for {@value #SKIP}
	 */
	public GateCommand(GateSpec spec, Map<String, String> environment) {
		this.spec = spec;
		this.environment = environment;
	}

	@Override
	public String name() {
		return "gate";
	}

	@Override
	public String usage() {
		return "gate   --floors FILE --eval DIR --capabilities DIR --intents FILE[,FILE] [--write FILE]";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	/**
	 * Runs the gate and prints its table.
	 * @return 0 when the gate passed (or was skipped on purpose), 1 when it failed
	 * @throws ModelNotLoadedException if the embedding model does not load
	 */
	@Override
	public int run(Options args, Output out) throws Exception {
		if ("1".equals(this.environment.get(SKIP))) {
			out.text("QUALITY GATE SKIPPED: %s=1 is set; nothing was measured".formatted(SKIP));
			return 0;
		}
		QualityGate gate = new QualityGate(this.spec, out);
		QualityFloors floors = QualityFloors.read(Path.of(args.require("floors")));
		Path evalFolder = Path.of(args.require("eval"));
		Path capabilities = Path.of(args.require("capabilities"));
		Map<String, Path> intents = intents(args.require("intents"));
		List<String> problems = gate.missingData(evalFolder, capabilities, intents);
		if (!args.has("write")) {
			problems.addAll(gate.floorsNotMatching(floors));
		}
		if (!problems.isEmpty()) {
			return failed(problems, out);
		}
		QualityFloors measured = gate.measure(evalFolder, capabilities, intents);
		if (args.has("write")) {
			measured.write(Path.of(args.require("write")));
		}
		return print(gate.judge(floors, measured), out);
	}

	/**
	 * The intents files given, by file name; they must be the ones the spec names.
	 */
	private Map<String, Path> intents(String option) {
		Map<String, Path> files = new LinkedHashMap<>();
		for (String name : option.split(",")) {
			Path file = Path.of(name.strip());
			files.put(file.getFileName().toString(), file);
		}
		if (!files.keySet().equals(new LinkedHashSet<>(this.spec.intentsFiles()))) {
			throw new IllegalArgumentException("--intents gives %s but the gate measures routing on %s"
				.formatted(files.keySet(), this.spec.intentsFiles()));
		}
		return files;
	}

	private static int failed(List<String> problems, Output out) {
		problems.forEach(out::text);
		out.text(("quality gate FAILED before measuring: %d %s; a floor is added or removed with "
				+ "GateSpec and `gate --write`, and on a plain clone without the datasets %s=1 skips the gate "
				+ "(docs/benchmarks.md, Quality gate)")
			.formatted(problems.size(), (problems.size() == 1) ? "problem" : "problems", SKIP));
		return 1;
	}

	/**
	 * Prints the judged figures, each a result whose JSON the {@code gate} table kind
	 * reads, and whether all passed.
	 */
	private static int print(List<QualityGate.Row> rows, Output out) {
		out.text(ROW.formatted("figure", "floor", "measured", "status"));
		rows.forEach(
				(row) -> out.result(json(row), ROW.formatted(row.figure(), row.floor(), row.measured(), row.status())));
		long failed = rows.stream().filter(QualityGate.Row::failed).count();
		out.text(String.format(Locale.ROOT, "%d of %d figures at or above their floor less %.2f%s",
				rows.size() - failed, rows.size(), QualityGate.TOLERANCE,
				(failed > 0) ? "; quality gate FAILED" : "; quality gate passed"));
		return (failed == 0) ? 0 : 1;
	}

	/**
	 * A judged figure as JSON: {@code figure}, {@code floor} and {@code measured} (each a
	 * number as printed, or null where the row says {@value QualityGate.Row#NONE}) and
	 * {@code status}.
	 */
	private static ObjectNode json(QualityGate.Row row) {
		ObjectNode json = JsonNodeFactory.instance.objectNode();
		json.put("figure", row.figure());
		putFigure(json, "floor", row.floor());
		putFigure(json, "measured", row.measured());
		json.put("status", row.status());
		return json;
	}

	private static void putFigure(ObjectNode json, String key, String figure) {
		if (figure.equals(QualityGate.Row.NONE)) {
			json.putNull(key);
		}
		else {
			json.put(key, new BigDecimal(figure));
		}
	}

}
