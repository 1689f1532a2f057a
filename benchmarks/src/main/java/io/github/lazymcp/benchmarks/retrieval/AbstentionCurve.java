package io.github.lazymcp.benchmarks.retrieval;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Documents;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.internal.SearchFixtures;

/**
 * {@code eval --abstention-curve}: the product's hybrid ranking with the shipped settings
 * but for the cosine below which it abstains, swept, on one split. Per threshold: the
 * share of answerable requests answered, the share of negatives abstained on (when the
 * split has negatives), top-1 and recall at 5. Each query is embedded once for the whole
 * sweep.
 */
public final class AbstentionCurve {

	/** The thresholds swept, in hundredths. */
	private static final int FROM = 10;

	private static final int TO = 36;

	private static final int STEP = 2;

	private AbstentionCurve() {
	}

	/**
	 * Sweeps the threshold and prints one row per threshold.
	 * @param dataset the split
	 * @param uses learned uses by tool, indexed with each tool's text
	 * @param out where the rows go
	 */
	public static void print(Dataset dataset, Map<String, List<String>> uses, Output out) {
		List<SearchDocument> documents = Documents.of(dataset, uses);
		List<Query> positives = dataset.queries().stream().map((query) -> Query.of(query.text())).toList();
		List<Query> negatives = dataset.negatives().stream().map((query) -> Query.of(query.text())).toList();
		double shipped = RankingSettings.DEFAULTS.minSimilarity();
		out.text(String.format(Locale.ROOT, "%-18s %13s %8s %8s %6s %6s", "dataset", "minSimilarity", "answered",
				"abstain", "top1", "R@5"));
		for (int hundredths = FROM; hundredths <= TO; hundredths += STEP) {
			double threshold = hundredths / 100.0;
			ToolIndex index = SearchFixtures
				.ranker(RankingSettings.DEFAULTS.withMinSimilarity(threshold),
						ProductRankers.embedder(EmbeddingSettings.DEFAULTS.model()))
				.index(documents);
			int answered = 0;
			double top1 = 0;
			double recall5 = 0;
			for (int i = 0; i < positives.size(); i++) {
				List<String> ranked = index.search(positives.get(i), Evaluation.DEPTH)
					.stream()
					.map(ToolMatch::name)
					.toList();
				LinkedHashSet<String> gold = new LinkedHashSet<>(dataset.queries().get(i).gold());
				answered += ranked.isEmpty() ? 0 : 1;
				top1 += Metrics.top1(ranked, gold) ? 1 : 0;
				recall5 += Metrics.recall(ranked, gold, 5);
			}
			long abstained = negatives.stream()
				.filter((query) -> index.search(query, Evaluation.DEPTH).isEmpty())
				.count();
			int count = Math.max(1, positives.size());
			out.text(String.format(Locale.ROOT, "%-18s %13s %8.3f %8s %6.3f %6.3f", dataset.name(),
					String.format(Locale.ROOT, "%.2f%s", threshold, (Math.abs(threshold - shipped) < 1e-9) ? "*" : ""),
					(double) answered / count,
					negatives.isEmpty() ? "-"
							: String.format(Locale.ROOT, "%.3f", (double) abstained / negatives.size()),
					top1 / count, recall5 / count));
		}
		out.text("* shipped");
	}

}
