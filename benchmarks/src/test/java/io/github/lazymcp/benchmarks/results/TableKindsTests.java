package io.github.lazymcp.benchmarks.results;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TableKindsTests {

	/** {@code index --catalogs mcp-catalogs --json}'s result, as a run wrote it. */
	private static final String INDEX_CATALOGS = """
			{"catalog":"mcp-catalogs","model":"all-minilm-l6-v2-q","tools":1079,"coldReadyMs":1984,\
			"coldFirstSearchMs":122.2,"coldIndexedMs":10869,"restartReadyMs":758,"restartFirstSearchMs":4.4,\
			"restartIndexedMs":1413,"newInstanceReadyMs":352,"newInstanceFirstSearchMs":3.3,"newInstanceIndexedMs":929,\
			"hybridHeapMb":2.0,"indexAndCacheHeapMb":2.0,"indexAndCacheHeapMbPer10kTools":18.8,"cacheFileBytes":1700532,\
			"cacheFileMbPer10kTools":15.8,"recall10":null,"exactScanMs":0.00,"clusteredScanMs":0.00}""";

	/** {@code index --tools 10000 --json}'s result, as a run wrote it. */
	private static final String INDEX_10000 = """
			{"catalog":"benchmark-pool-10000","model":"all-minilm-l6-v2-q","tools":10000,"coldReadyMs":3323,\
			"coldFirstSearchMs":124.0,"coldIndexedMs":39960,"restartReadyMs":1117,"restartFirstSearchMs":11.5,\
			"restartIndexedMs":1729,"newInstanceReadyMs":1271,"newInstanceFirstSearchMs":10.4,\
			"newInstanceIndexedMs":3030,"hybridHeapMb":11.7,"indexAndCacheHeapMb":11.8,\
			"indexAndCacheHeapMbPer10kTools":11.8,"cacheFileBytes":15760028,"cacheFileMbPer10kTools":15.8,\
			"recall10":1.0000,"exactScanMs":2.63,"clusteredScanMs":2.65}""";

	/**
	 * The rows {@code jmh --results} reads from two real JMH results (JmhResultsTests
	 * reads them from JMH's JSON).
	 */
	private static final String JMH_OFF = """
			{"benchmark":"SearchBenchmark.toolSearch","params":"learning=off, ranker=hybrid, settled=true, tools=10000",\
			"paramValues":{"learning":"off","ranker":"hybrid","settled":"true","tools":"10000"},"mode":"sample",\
			"unit":"us/op","score":10659.33180871413,"scoreError":420.38587329489536,"p50":10371.072,\
			"p99":17582.653440000002,"forks":1,"threads":1,"warmupIterations":3,"warmupTime":"2 s",\
			"measurementIterations":5,"measurementTime":"2 s"}""";

	private static final String JMH_ON = """
			{"benchmark":"SearchBenchmark.toolSearch","params":"learning=on, ranker=hybrid, settled=true, tools=10000",\
			"paramValues":{"learning":"on","ranker":"hybrid","settled":"true","tools":"10000"},"mode":"sample",\
			"unit":"us/op","score":15586.134658385086,"scoreError":584.760414719988,"p50":15302.656,\
			"p99":31881.62559999996,"forks":1,"threads":1,"warmupIterations":3,"warmupTime":"2 s",\
			"measurementIterations":5,"measurementTime":"2 s"}""";

	/**
	 * The first figures of the hour's soak with faults
	 * (docs/results/soak-hour-2b95a23-on.json); the table reads no others.
	 */
	private static final String SOAK_ON = """
			{"minutes":60.0,"conversations":32,"faults":true,"turns":83989,"turnsPerSecond":23.3,\
			"modelRequests":200292,"addedPerTurnP50Ms":820.2,"addedPerTurnP99Ms":4230.6,"modelMsPerTurn":78.4,\
			"lostActivations":0,"doubledActivations":0,"capExceeded":0,"toldToolsLeftOut":0,"halfSucceeded":0,\
			"unexplainedAppearances":0,"checkedActivations":67130,"stepsStamped":199496,"stepsUnstamped":0,\
			"serverErrorsOutsideOutages":0,"incidentsUnexplained":42}""";

	/** The same of the hour without faults (docs/results/soak-hour-2b95a23-off.json). */
	private static final String SOAK_OFF = """
			{"minutes":60.0,"conversations":32,"faults":false,"turns":99080,"turnsPerSecond":27.5,\
			"modelRequests":232315,"addedPerTurnP50Ms":713.2,"addedPerTurnP99Ms":2577.5,"modelMsPerTurn":76.9,\
			"lostActivations":0,"doubledActivations":0,"capExceeded":0,"toldToolsLeftOut":0,"halfSucceeded":0,\
			"unexplainedAppearances":0,"checkedActivations":78868,"stepsStamped":232315,"stepsUnstamped":0,\
			"serverErrorsOutsideOutages":0,"incidentsUnexplained":21}""";

	@Test
	void anEvalTableHasARowPerRankerWithIntervalsAndTheBestShippableFigureBold() {
		List<String> table = render("eval", "eval-livemcpbench-dev.json", SampleRuns.BM25, SampleRuns.HYBRID,
				SampleRuns.ORACLE);

		assertThat(table).containsExactly(
				"| ranker | top-1 (95 % interval) | R@5 (95 % interval) | R@10 | COMP@5 | COMP@10 | nDCG@10 | p50 ms "
						+ "| p99 ms |",
				"|---|---|---|---|---|---|---|---|---|",
				"| bm25 | 0.351 (0.189–0.514) | 0.300 (0.189–0.410) | 0.366 | 0.189 | 0.243 | 0.305 | 0.04 | 0.11 |",
				"| hybrid | **0.405** (0.243–0.541) | **0.366** (0.258–0.476) | **0.445** | **0.243** | **0.297** "
						+ "| **0.381** | 7.7 | 27.2 |",
				"| oracle | 0.460 (0.297–0.622) | 0.380 (0.270–0.490) | 0.450 | 0.270 | 0.324 | 0.390 | 7.9 | 28.1 |");
	}

	@Test
	void anEvalTableOfResultsWrittenBeforeCompletenessWasMeasuredHasNoCompletenessColumns() {
		List<String> table = render("eval", "eval-livemcpbench-dev.json", withoutCompleteness(SampleRuns.BM25),
				withoutCompleteness(SampleRuns.HYBRID));

		assertThat(table).containsExactly(
				"| ranker | top-1 (95 % interval) | R@5 (95 % interval) | R@10 | nDCG@10 | p50 ms | p99 ms |",
				"|---|---|---|---|---|---|---|",
				"| bm25 | 0.351 (0.189–0.514) | 0.300 (0.189–0.410) | 0.366 | 0.305 | 0.04 | 0.11 |",
				"| hybrid | **0.405** (0.243–0.541) | **0.366** (0.258–0.476) | **0.445** | **0.381** | 7.7 | 27.2 |");
	}

	@Test
	void anEvalTableOfASplitWithNegativesShowsAbstentionAndAnswerRate() {
		List<String> table = render("eval", "eval-metatool-dev.json",
				"""
						{"dataset":"metatool-dev","ranker":"bm25","queries":8393,"top1":0.3121,"top1Low":0.302,"top1High":0.322,\
						"recall5":0.4941,"recall5Low":0.484,"recall5High":0.504,"recall10":0.5671,"ndcg10":0.4321,\
						"abstain":0.0049,"answerRate":1.0,"p50Ms":0.0213,"p99Ms":0.0488}""",
				"""
						{"dataset":"metatool-dev","ranker":"hybrid","queries":8393,"top1":0.4961,"top1Low":0.486,"top1High":0.507,\
						"recall5":0.7212,"recall5Low":0.711,"recall5High":0.731,"recall10":0.7841,"ndcg10":0.6391,\
						"abstain":0.3153,"answerRate":0.9812,"p50Ms":1.9,"p99Ms":4.9}""");

		assertThat(table.get(0)).isEqualTo("| ranker | top-1 (95 % interval) | R@5 (95 % interval) | R@10 | nDCG@10 "
				+ "| abstain | answer | p50 ms | p99 ms |");
		assertThat(table.subList(2, 4)).containsExactly(
				"| bm25 | 0.312 (0.302–0.322) | 0.494 (0.484–0.504) | 0.567 | 0.432 | 0.005 | **1.000** | 0.02 | 0.05 |",
				"| hybrid | **0.496** (0.486–0.507) | **0.721** (0.711–0.731) | **0.784** | **0.639** | **0.315** | 0.981 "
						+ "| 1.9 | 4.9 |");
	}

	@Test
	void aReplayTableHasARowPerDatasetAndModeWithTasksTokensAndBills() {
		List<String> table = render("replay", "replay-livemcpbench-dev-search.json", """
				{"dataset":"livemcpbench-dev","ranker":"hybrid","mode":"search","maxActiveSchemas":24,"tasks":37,\
				"tasksGoldVisible":5,"tasksNeedingSecondSearch":1,"tasksFailed":31,"successRate":0.162162,\
				"requests":135,"eagerRequests":143,"eagerTokens":12358645,"lazyTokens":244992,"bridgeTokens":235431,\
				"reduction":0.980177,"toolsTokens":182409,"guidanceTokens":24705,"searchResultTokens":37878,\
				"toolsPrefixChanges":69,"goldVisibleFirstRequest":0.0,"goldVisibleFirstSearch":0.31,\
				"extraRoundTrips":69,"eagerCost":4922649.25,"lazyCost":228778.1,"bridgeCost":193302.0,\
				"eagerCostWarm":4000000.0,"lazyCostWarm":200000.0,"bridgeCostWarm":190000.0,\
				"bridge":{"tasks":37,"successRate":0.135135},"completed":{"tasks":6},\
				"prices":{"cacheWrite":1.25,"cacheRead":0.1,"output":5.0,"minCacheTokens":1024}}""");

		assertThat(table).containsExactly(
				"| dataset | mode | tasks | finished | failed | requests (eager) | eager tokens | lazy tokens | reduction "
						+ "| cost: eager | lazy | warm: eager | lazy |",
				"|---|---|---|---|---|---|---|---|---|---|---|---|---|",
				"| livemcpbench-dev | search | 37 | 16.2 % | 31 | 135 (143) | 12,358,645 | 244,992 | 98.02 % "
						+ "| 4,922,649 | 228,778 (4.65 %) | 4,000,000 | 200,000 (5.00 %) |");
	}

	@Test
	void aReplayThatLearnedFromItsTasksSaysSoInItsMode() {
		String cold = """
				{"dataset":"livemcpbench-dev","ranker":"hybrid","mode":"search","learning":"cold","tasks":37,\
				"tasksFailed":31,"successRate":0.162162,"requests":135,"eagerRequests":143,"eagerTokens":12358645,\
				"lazyTokens":244992,"reduction":0.980177,"eagerCost":4922649.25,"lazyCost":228778.1,\
				"eagerCostWarm":4000000.0,"lazyCostWarm":200000.0}""";

		List<String> table = render("replay", "replay-livemcpbench-dev-search.json", cold,
				cold.replace("\"learning\":\"cold\"", "\"learning\":\"warm\""));

		assertThat(table.get(2)).startsWith("| livemcpbench-dev | search | 37 |");
		assertThat(table.get(3)).startsWith("| livemcpbench-dev | search, learning warm | 37 |");
	}

	@Test
	void aRouteTableNamesTheIntentsByTheFileAndAGateTableShowsEachFigureAgainstItsFloor() {
		List<String> route = render("route", "route-routing-intents.json", """
				{"positives":42,"top1":0.9524,"negatives":22,"abstain":1.0,"threshold":0.15,"margin":0.0,\
				"generalLead":0.06,"generalRequests":100,"model":"all-minilm-l6-v2-q"}""");
		List<String> gate = render("gate", "gate.json",
				"{\"figure\":\"eval livemcpbench-dev.json hybrid top1\",\"floor\":0.4054,\"measured\":0.4054,\"status\":\"ok\"}",
				"{\"figure\":\"replay metatool-dev.json search successRate\",\"floor\":null,\"measured\":0.798,"
						+ "\"status\":\"FAIL: no floor\"}");

		assertThat(route).containsExactly("| intents | positives | top-1 | negatives | abstain |",
				"|---|---|---|---|---|", "| routing-intents | 42 | 95.2 % | 22 | 100.0 % |");
		assertThat(gate).containsExactly("| figure | floor | measured | status |", "|---|---|---|---|",
				"| eval livemcpbench-dev.json hybrid top1 | 0.4054 | 0.4054 | ok |",
				"| replay metatool-dev.json search successRate | none | 0.7980 | FAIL: no floor |");
	}

	@Test
	void anUnknownKindNamesTheKindsAndAResultWithoutAKeyNamesItsFile() {
		assertThatIllegalArgumentException().isThrownBy(() -> TableKinds.kind("evl"))
			.withMessage("no table kind 'evl'; the kinds are "
					+ "[catalog-report, compare, eval, gate, index, jmh, replay, route, soak]");
		assertThatIllegalArgumentException().isThrownBy(() -> render("replay", "replay-x.json", SampleRuns.HYBRID))
			.withMessage("replay-x.json: a result has no text 'mode'");
	}

	@Test
	void aCompareTableHasARowPerSystemWithTheMostFinishedAndTheCheapestFinishedTaskOfThePeersBold() {
		List<String> table = render("compare", "compare-livemcpbench-search-right.json",
				compared("search", "lazy-mcp", 6, 1.838, 6621, 6183.2, 5405.4),
				compared("search", "spring-ai-lucene", 4, 1.892, 9004, 3000.0, 2800.9),
				compared("search", "lc4j-simple", 0, 2.0, 4512, 2010.0, 1900.0),
				compared("search", "eager", 37, 0.0, 41870, 20000.0, 9000.0));

		assertThat(table).containsExactly(
				"| system | finished | failed | searches/task | tokens/task | cost/task | warm cost/task "
						+ "| cost/finished task |",
				"|---|---|---|---|---|---|---|---|",
				"| lazy-mcp | **6 of 37 (16.2 %)** | 31 | 1.84 | 6,621 | 6,183 | 5,405 | 38,130 |",
				"| spring-ai-lucene | 4 of 37 (10.8 %) | 33 | 1.89 | 9,004 | 3,000 | 2,801 | **27,750** |",
				"| lc4j-simple | 0 of 37 (0.0 %) | 37 | 2.00 | 4,512 | 2,010 | 1,900 | - |",
				"| eager | 37 of 37 (100.0 %) | 0 | 0.00 | 41,870 | 20,000 | 9,000 | 20,000 |");
	}

	@Test
	void aCompareTableOfTwoModesHasAModeColumnAndBoldsEveryRowThatTiesForTheBestOfItsMode() {
		List<TableKinds.Row> rows = List.of(
				row("compare-livemcpbench-proactive-right.json",
						compared("proactive", "lazy-mcp", 8, 1.2, 7000, 240000.2 / 37, 5000.0)),
				row("compare-livemcpbench-proactive-right.json",
						compared("proactive", "anthropic-bm25", 8, 1.5, 6500, 240000.4 / 37, 4000.0)),
				row("compare-livemcpbench-search-right.json",
						compared("search", "lazy-mcp", 6, 1.838, 6621, 6183.2, 5405.4)),
				row("compare-livemcpbench-search-right.json",
						compared("search", "anthropic-bm25", 4, 1.9, 6000, 3000.0, 2800.0)));

		List<String> table = TableKinds.kind("compare").render(rows);

		assertThat(table.get(0)).isEqualTo("| mode | system | finished | failed | searches/task | tokens/task "
				+ "| cost/task | warm cost/task | cost/finished task |");
		assertThat(table.subList(2, 6)).containsExactly(
				"| proactive | lazy-mcp | **8 of 37 (21.6 %)** | 29 | 1.20 | 7,000 | 6,486 | 5,000 | **30,000** |",
				"| proactive | anthropic-bm25 | **8 of 37 (21.6 %)** | 29 | 1.50 | 6,500 | 6,486 | 4,000 | **30,000** |",
				"| search | lazy-mcp | **6 of 37 (16.2 %)** | 31 | 1.84 | 6,621 | 6,183 | 5,405 | 38,130 |",
				"| search | anthropic-bm25 | 4 of 37 (10.8 %) | 33 | 1.90 | 6,000 | 3,000 | 2,800 | **27,750** |");
	}

	@Test
	void aCompareResultWithoutAKeyNamesItsFile() {
		String withoutFailed = compared("search", "lazy-mcp", 6, 1.838, 6621, 6183.2, 5405.4).replace("\"failed\":31,",
				"");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> render("compare", "compare-x.json", withoutFailed,
					compared("search", "lc4j-simple", 0, 2.0, 4512, 2010.0, 1900.0)))
			.withMessage("compare-x.json: a result has no number 'failed'");
	}

	@Test
	void aPipeInACellIsEscapedSoTheTableKeepsItsColumns() {
		List<String> gate = render("gate", "gate.json",
				"{\"figure\":\"a | b\",\"floor\":0.5,\"measured\":0.5,\"status\":\"ok\"}");

		assertThat(gate.get(2)).isEqualTo("| a \\| b | 0.5000 | 0.5000 | ok |");
	}

	@Test
	void aCatalogReportTableHasARowPerCatalogAndRankerWithItsCounts() {
		List<String> table = render("catalog-report", "catalog-report-mcp-catalogs.json", catalogReport("hybrid", 6),
				catalogReport("bm25", 54));

		assertThat(table).containsExactly(
				"| catalog | ranker | tools | servers | confusable pairs | by name | by description "
						+ "| not found by own text | undescribed |",
				"|---|---|---|---|---|---|---|---|---|",
				"| mcp-catalogs | hybrid | 1,079 | 45 | 30 | 21 | 9 | 6 (top 5) | 0 |",
				"| mcp-catalogs | bm25 | 1,079 | 45 | 30 | 21 | 9 | 54 (top 5) | 0 |");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> render("catalog-report", "catalog-report-x.json",
					catalogReport("bm25", 54).replace("\"servers\":45,", "")))
			.withMessage("catalog-report-x.json: a result has no number 'servers'");
	}

	@Test
	void anIndexTableHasARowPerCatalogWithEachStartAndTheHeap() {
		List<String> table = render("index", "index-mcp-catalogs.json", INDEX_CATALOGS, INDEX_10000);

		assertThat(table).containsExactly(
				"| tools | model | cold: ready / first search / full index | restart (cache directory) "
						+ "| new instance (database) | heap: hybrid index | index and cache "
						+ "| index and cache per 10,000 tools |",
				"|---|---|---|---|---|---|---|---|",
				"| 1,079 | all-minilm-l6-v2-q | 2.0 s / 122 ms / 10.9 s | 0.8 s / 4.4 ms / 1.4 s "
						+ "| 0.4 s / 3.3 ms / 0.9 s | 2.0 MB | 2.0 MB | 18.8 MB |",
				"| 10,000 | all-minilm-l6-v2-q | 3.3 s / 124 ms / 40.0 s | 1.1 s / 11.5 ms / 1.7 s "
						+ "| 1.3 s / 10.4 ms / 3.0 s | 11.7 MB | 11.8 MB | 11.8 MB |");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> render("index", "index-x.json", INDEX_10000.replace("\"coldIndexedMs\":39960,", "")))
			.withMessage("index-x.json: a result has no number 'coldIndexedMs'");
	}

	@Test
	void aJmhTableOfSampledRunsShowsTheirP50AndP99() {
		List<String> table = render("jmh", "jmh-search-learning.json", JMH_OFF, JMH_ON);

		assertThat(table).containsExactly("| benchmark | params | mode | p50 | p99 | unit |",
				"|---|---|---|---|---|---|",
				"| SearchBenchmark.toolSearch | learning=off, ranker=hybrid, settled=true, tools=10000 | sample "
						+ "| 10,371 | 17,583 | us/op |",
				"| SearchBenchmark.toolSearch | learning=on, ranker=hybrid, settled=true, tools=10000 | sample "
						+ "| 15,303 | 31,882 | us/op |");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> render("jmh", "jmh-x.json", JMH_ON.replace("\"p99\":31881.62559999996,", "")))
			.withMessage("jmh-x.json: a result has no number 'p99'");
	}

	@Test
	void aJmhTableWithARunNotSampledShowsItsScoreAndError() {
		String averaged = JMH_OFF.replace("\"mode\":\"sample\"", "\"mode\":\"avgt\"")
			.replace("\"p50\":10371.072,\"p99\":17582.653440000002", "\"p50\":null,\"p99\":null");

		List<String> table = render("jmh", "jmh-x.json", JMH_ON, averaged);

		assertThat(table).containsExactly("| benchmark | params | mode | p50 | p99 | score ± error | unit |",
				"|---|---|---|---|---|---|---|",
				"| SearchBenchmark.toolSearch | learning=on, ranker=hybrid, settled=true, tools=10000 | sample "
						+ "| 15,303 | 31,882 | - | us/op |",
				"| SearchBenchmark.toolSearch | learning=off, ranker=hybrid, settled=true, tools=10000 | avgt "
						+ "| - | - | 10,659 ± 420 | us/op |");
	}

	@Test
	void aSoakTableHasTheFiguresAReaderChecksFirstPerRun() {
		List<String> table = render("soak", "soak-hour.json", SOAK_ON, SOAK_OFF);

		assertThat(table).containsExactly(
				"| minutes | faults | turns | turns/s | activations lost / doubled | cap exceeded "
						+ "| added per turn p50 / p99 ms | unexplained incidents |",
				"|---|---|---|---|---|---|---|---|", "| 60.0 | on | 83,989 | 23.3 | 0 / 0 | 0 | 820 / 4,231 | 42 |",
				"| 60.0 | off | 99,080 | 27.5 | 0 / 0 | 0 | 713 / 2,578 | 21 |");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> render("soak", "soak-x.json", SOAK_ON.replace("\"faults\":true,", "")))
			.withMessage("soak-x.json: a result has no true or false 'faults'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> render("soak", "soak-x.json", SOAK_ON.replace(",\"incidentsUnexplained\":42", "")))
			.withMessage("soak-x.json: a result has no number 'incidentsUnexplained'");
	}

	private static String withoutCompleteness(String result) {
		String without = result.replaceAll("\"comp(5|10)\":[0-9.]+,", "");
		assertThat(without).isNotEqualTo(result).doesNotContain("comp");
		return without;
	}

	/**
	 * A row of {@code compare --json} on 37 tasks, as {@code SystemRow} writes it: the
	 * cost per finished task is the cost of all tasks over those finished, absent when
	 * none was.
	 */
	private static String compared(String mode, String system, int finished, double searchesPerTask, long tokensPerTask,
			double costPerTask, double warmCostPerTask) {
		int tasks = 37;
		String perFinished = (finished > 0)
				? ",\"costPerFinishedTask\":" + Math.round(costPerTask * tasks / finished * 10) / 10.0 : "";
		return """
				{"dataset":"livemcpbench-dev","mode":"%s","system":"%s","provenance":"as the command names it",\
				"model":"right","query":"text","systemPromptTokens":0,"resultTokens":0,"tasks":%d,"finished":%d,\
				"failed":%d,"searchesPerTask":%s,"requests":120,"tokensPerTask":%d,"costPerTask":%s,\
				"warmCostPerTask":%s%s}""".formatted(mode, system, tasks, finished, tasks - finished, searchesPerTask,
				tokensPerTask, costPerTask, warmCostPerTask, perFinished);
	}

	/**
	 * A row of {@code catalog-report --json} over the 45 fixture catalogs, with the
	 * counts docs/benchmarks.md reports (its examples left out: the table does not read
	 * them).
	 */
	private static String catalogReport(String ranker, int notFound) {
		return """
				{"catalog":"mcp-catalogs","tools":1079,"servers":45,"ranker":"%s","depth":5,"confusable":30,\
				"confusableByName":21,"confusableByDescription":9,"notFoundByOwnText":%d,"undescribed":0}"""
			.formatted(ranker, notFound);
	}

	private static TableKinds.Row row(String file, String json) {
		return new TableKinds.Row(file, SampleRuns.object(json));
	}

	private static List<String> render(String kind, String file, String... results) {
		return TableKinds.kind(kind)
			.render(List.of(results)
				.stream()
				.map((json) -> new TableKinds.Row(file, SampleRuns.object(json)))
				.toList());
	}

}
