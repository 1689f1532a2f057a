package io.github.lazymcp.benchmarks.command;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * JMH's JSON as {@code jmh --results} reads it, on two real results of
 * {@code SearchBenchmark.toolSearch} at 10,000 tools, learning off and on (each JMH's own
 * file of one run, their raw histograms and secondary metrics left out).
 */
class JmhResultsTests {

	private static final Set<String> FOLDERS = Set.of("eval", "catalogs");

	@Test
	void readsARowPerResultWithItsPercentilesAndWithoutTheDataFolders() throws IOException {
		List<ObjectNode> rows = JmhResults.rows(fixture(), FOLDERS);

		assertThat(rows).hasSize(2);
		assertThat(rows.get(1)).hasToString("{\"benchmark\":\"SearchBenchmark.toolSearch\","
				+ "\"params\":\"learning=on, ranker=hybrid, settled=true, tools=10000\","
				+ "\"paramValues\":{\"learning\":\"on\",\"ranker\":\"hybrid\",\"settled\":\"true\","
				+ "\"tools\":\"10000\"},"
				+ "\"mode\":\"sample\",\"unit\":\"us/op\",\"score\":15586.134658385086,\"scoreError\":584.760414719988,"
				+ "\"p50\":15302.656,\"p99\":31881.62559999996,\"forks\":1,\"threads\":1,\"warmupIterations\":3,"
				+ "\"warmupTime\":\"2 s\",\"measurementIterations\":5,\"measurementTime\":\"2 s\"}");
		assertThat(rows.get(0).get("params").asString())
			.isEqualTo("learning=off, ranker=hybrid, settled=true, tools=10000");
		assertThat(JmhResults.line(rows.get(1))).isEqualTo("SearchBenchmark.toolSearch (learning=on, ranker=hybrid, "
				+ "settled=true, tools=10000), sample: p50 15302.656, p99 31881.626 us/op");
	}

	@Test
	void aResultNotSampledHasItsScoreAndErrorAndNoPercentiles() throws IOException {
		String averaged = fixture().replace("\"mode\" : \"sample\"", "\"mode\" : \"avgt\"");

		ObjectNode row = JmhResults.rows(averaged, FOLDERS).get(0);

		assertThat(row.get("p50").isNull()).isTrue();
		assertThat(row.get("p99").isNull()).isTrue();
		assertThat(JmhResults.line(row)).isEqualTo("SearchBenchmark.toolSearch (learning=off, ranker=hybrid, "
				+ "settled=true, tools=10000), avgt: 10659.332 ± 420.386 us/op");
	}

	@Test
	void anErrorJmhCouldNotTellIsNull() throws IOException {
		String oneIteration = fixture().replace("\"scoreError\" : 420.38587329489536", "\"scoreError\" : \"NaN\"");

		ObjectNode row = JmhResults.rows(oneIteration, FOLDERS).get(0);

		assertThat(row.get("scoreError").isNull()).isTrue();
		assertThat(row.get("score").asDouble()).isEqualTo(10659.33180871413);
	}

	@Test
	void textThatIsNotJmhsJsonIsAnErrorNamingWhatIsMissing() {
		assertThatIllegalArgumentException().isThrownBy(() -> JmhResults.rows("[{\"benchmark\": \"a.B.c\"}]", FOLDERS))
			.withMessage("a result of JMH has no text 'mode'");
		assertThatIllegalArgumentException().isThrownBy(() -> JmhResults.rows("{}", FOLDERS))
			.withMessage("JMH's results should be an array");
	}

	private static String fixture() throws IOException {
		try (InputStream in = JmhResultsTests.class.getResourceAsStream("jmh-search-learning-off-on.json")) {
			assertThat(in).as("the fixture").isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
