package io.github.lazymcp.benchmarks.retrieval;

import java.util.Locale;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The retrieval figures of one ranker on one dataset.
 *
 * @param dataset the dataset name
 * @param ranker the ranker name
 * @param queries the number of positive queries
 * @param top1 share of queries whose first result is gold
 * @param top1Interval the 95 % bootstrap interval of {@code top1} over the queries
 * @param recall5 mean recall at 5
 * @param recall5Interval the 95 % bootstrap interval of {@code recall5}
 * @param recall10 mean recall at 10
 * @param comp5 completeness at 5: share of queries with every gold tool in the first 5
 * @param comp10 completeness at 10: share of queries with every gold tool in the first 10
 * @param ndcg10 mean nDCG at 10
 * @param abstain share of negatives with an empty result, null without negatives
 * @param answerRate share of positives with a non-empty result, null without negatives
 * @param p50Ms median latency of one search
 * @param p99Ms 99th-percentile latency of one search
 */
public record EvalResult(String dataset, String ranker, int queries, double top1, Bootstrap.Interval top1Interval,
		double recall5, Bootstrap.Interval recall5Interval, double recall10, double comp5, double comp10, double ndcg10,
		@Nullable Double abstain, @Nullable Double answerRate, double p50Ms, double p99Ms) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * One JSON object with exactly the documented keys.
	 * @return the object
	 */
	public ObjectNode toJson() {
		ObjectNode node = JSON.createObjectNode();
		node.put("dataset", this.dataset);
		node.put("ranker", this.ranker);
		node.put("queries", this.queries);
		node.put("top1", round(this.top1, 4));
		node.put("top1Low", round(this.top1Interval.low(), 4));
		node.put("top1High", round(this.top1Interval.high(), 4));
		node.put("recall5", round(this.recall5, 4));
		node.put("recall5Low", round(this.recall5Interval.low(), 4));
		node.put("recall5High", round(this.recall5Interval.high(), 4));
		node.put("recall10", round(this.recall10, 4));
		node.put("comp5", round(this.comp5, 4));
		node.put("comp10", round(this.comp10, 4));
		node.put("ndcg10", round(this.ndcg10, 4));
		node.put("abstain", (this.abstain != null) ? round(this.abstain, 4) : null);
		node.put("answerRate", (this.answerRate != null) ? round(this.answerRate, 4) : null);
		node.put("p50Ms", round(this.p50Ms, 4));
		node.put("p99Ms", round(this.p99Ms, 4));
		return node;
	}

	public static String header() {
		return String.format(Locale.ROOT, "%-18s %-13s %7s %6s %-11s %6s %-11s %6s %6s %7s %7s %7s %7s %8s %8s",
				"dataset", "ranker", "queries", "top1", "top1 95%", "R@5", "R@5 95%", "R@10", "COMP@5", "COMP@10",
				"nDCG@10", "abstain", "answer", "p50 ms", "p99 ms");
	}

	/**
	 * One row of the text table.
	 * @return the row
	 */
	public String toRow() {
		return String.format(Locale.ROOT,
				"%-18s %-13s %7d %6.3f %-11s %6.3f %-11s %6.3f %6.3f %7.3f %7.3f %7s %7s %8.3f %8.3f", this.dataset,
				this.ranker, this.queries, this.top1, this.top1Interval, this.recall5, this.recall5Interval,
				this.recall10, this.comp5, this.comp10, this.ndcg10, optional(this.abstain), optional(this.answerRate),
				this.p50Ms, this.p99Ms);
	}

	private static String optional(@Nullable Double value) {
		return (value != null) ? String.format(Locale.ROOT, "%.3f", value) : "-";
	}

	private static double round(double value, int decimals) {
		double scale = Math.pow(10, decimals);
		return Math.round(value * scale) / scale;
	}

}
