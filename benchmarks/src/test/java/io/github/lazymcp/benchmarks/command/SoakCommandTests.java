package io.github.lazymcp.benchmarks.command;

import java.util.List;

import io.github.lazymcp.benchmarks.cli.KeptOutput;
import io.github.lazymcp.benchmarks.results.TableKinds;
import io.github.lazymcp.benchmarks.soak.SoakReport;
import io.github.lazymcp.benchmarks.soak.SoakRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the {@code soak} command reports, on the report of a soak run without processes
 * ({@link SoakRun}): a soak itself is too long for a test.
 */
class SoakCommandTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final SoakRun run = new SoakRun();

	@AfterEach
	void close() {
		this.run.close();
	}

	@Test
	void theReportIsOneResultItsJsonObjectPrintedAsItsTable() {
		SoakReport report = this.run.pass();
		KeptOutput out = new KeptOutput(false);

		assertThat(SoakCommand.report(report, out)).isZero();

		assertThat(out.results()).singleElement().hasToString(JSON.valueToTree(report).toString());
		assertThat(out.printed()).isEqualTo(report.toTable() + System.lineSeparator());
		List<String> table = TableKinds.kind("soak")
			.render(List.of(new TableKinds.Row("soak.json", out.results().get(0))));
		assertThat(table.get(2)).containsPattern("^\\| [0-9.]+ \\| on \\| 4 \\| 0\\.0 \\| 0 / 0 \\| 0 \\| ");
	}

	@Test
	void withJsonTheReportIsPrintedAsItsJsonObject() {
		SoakReport report = this.run.pass();
		KeptOutput out = new KeptOutput(true);

		SoakCommand.report(report, out);

		assertThat(JSON.readTree(out.printed())).hasToString(JSON.valueToTree(report).toString());
	}

}
