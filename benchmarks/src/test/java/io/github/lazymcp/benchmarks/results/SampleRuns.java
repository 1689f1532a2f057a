package io.github.lazymcp.benchmarks.results;

import java.time.Instant;
import java.util.List;

import tools.jackson.databind.node.ObjectNode;

/**
 * Results files as the commands write them, with the keys their {@code --json} prints
 * (benchmarks/README.md).
 */
final class SampleRuns {

	static final String COMMIT = "64ec1ea5b1d3f0c2a9e8d7c6b5a4f3e2d1c0b9a8";

	static final String BM25 = """
			{"dataset":"livemcpbench-dev","ranker":"bm25","queries":37,"top1":0.3514,"top1Low":0.1892,"top1High":0.5136,\
			"recall5":0.2996,"recall5Low":0.1892,"recall5High":0.4099,"recall10":0.3658,"comp5":0.1892,"comp10":0.2432,"ndcg10":0.3051,\
			"abstain":null,"answerRate":null,"p50Ms":0.0412,"p99Ms":0.1133}""";

	static final String HYBRID = """
			{"dataset":"livemcpbench-dev","ranker":"hybrid","queries":37,"top1":0.4054,"top1Low":0.2432,"top1High":0.5406,\
			"recall5":0.3658,"recall5Low":0.2583,"recall5High":0.4761,"recall10":0.4451,"comp5":0.2432,"comp10":0.2973,"ndcg10":0.3812,\
			"abstain":null,"answerRate":null,"p50Ms":7.7021,"p99Ms":27.2119}""";

	static final String ORACLE = """
			{"dataset":"livemcpbench-dev","ranker":"oracle","queries":37,"top1":0.4596,"top1Low":0.2973,"top1High":0.6216,\
			"recall5":0.3801,"recall5Low":0.2701,"recall5High":0.4899,"recall10":0.4501,"comp5":0.2703,"comp10":0.3243,"ndcg10":0.3903,\
			"abstain":null,"answerRate":null,"p50Ms":7.9,"p99Ms":28.1}""";

	private SampleRuns() {
	}

	static RunHeader header(String command, double loadBefore, double loadMax) {
		return new RunHeader(command, COMMIT, false, Instant.parse("2026-12-02T09:14:03Z"),
				new RunHeader.Load(loadBefore, loadMax), new Machine(2, "AMD EPYC 7B13", 24, "17.0.15", "Linux amd64"));
	}

	static ResultsFile eval() {
		return file(header("eval --dataset ../shared/eval/livemcpbench-dev.json --ranker all", 0.42, 1.31), BM25,
				HYBRID, ORACLE);
	}

	static ResultsFile file(RunHeader header, String... results) {
		return new ResultsFile(header, List.of(results).stream().map(SampleRuns::object).toList());
	}

	static ObjectNode object(String json) {
		return (ObjectNode) Json.MAPPER.readTree(json);
	}

}
