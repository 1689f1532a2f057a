package io.github.lazymcp.benchmarks.retrieval;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.cli.ConsoleOutput;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class AbstentionCurveTests {

	@TempDir
	Path folder;

	@Test
	void sweepsTheThresholdMarksTheShippedOneAndAnswersLessAsItRises() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		ByteArrayOutputStream printed = new ByteArrayOutputStream();

		AbstentionCurve.print(dataset, Map.of(),
				new ConsoleOutput(new PrintStream(printed, true, StandardCharsets.UTF_8), System.err, false));

		List<String[]> rows = printed.toString(StandardCharsets.UTF_8)
			.lines()
			.filter((line) -> line.startsWith("tiny-dev"))
			.map((line) -> line.trim().split("\\s+"))
			.toList();
		assertThat(rows).hasSize(14);
		assertThat(rows).filteredOn((row) -> row[1].endsWith("*"))
			.extracting((row) -> Double.parseDouble(row[1].replace("*", "")))
			.containsExactly(RankingSettings.DEFAULTS.minSimilarity());
		double[] answered = rows.stream().mapToDouble((row) -> Double.parseDouble(row[2])).toArray();
		double[] sorted = answered.clone();
		Arrays.sort(sorted);
		for (int i = 0; i < answered.length; i++) {
			assertThat(answered[i]).as("answered at row %d", i).isEqualTo(sorted[answered.length - 1 - i]);
		}
		double[] abstained = rows.stream().mapToDouble((row) -> Double.parseDouble(row[3])).toArray();
		for (int i = 1; i < abstained.length; i++) {
			assertThat(abstained[i]).as("abstained at row %d", i).isGreaterThanOrEqualTo(abstained[i - 1]);
		}
	}

}
