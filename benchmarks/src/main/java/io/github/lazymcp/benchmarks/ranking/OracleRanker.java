package io.github.lazymcp.benchmarks.ranking;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.SearchFixtures;
import org.jspecify.annotations.Nullable;

/**
 * The oracle row of {@code eval}: the product's hybrid index with the fusion weights that
 * serve the measured split's own labels best, over the candidates and by the score the
 * product fits learned uses with. It is not a ranker anyone could ship (it reads the
 * answers); it shows how much headroom the fusion weights leave on a split.
 */
public final class OracleRanker implements ToolRanker {

	private final ToolRanker hybrid;

	private final Map<String, Set<String>> labelled = new LinkedHashMap<>();

	private volatile SearchFixtures.@Nullable Weights chosen;

	/**
	 * Creates the oracle of a split.
	 * @param hybrid the product's hybrid ranker
	 * @param dataset the split whose positive queries label the choice
	 */
	public OracleRanker(ToolRanker hybrid, Dataset dataset) {
		this.hybrid = hybrid;
		for (Dataset.Query query : dataset.queries()) {
			this.labelled.computeIfAbsent(query.text(), (text) -> new LinkedHashSet<>()).addAll(query.gold());
		}
	}

	@Override
	public String id() {
		return "oracle";
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		ToolIndex index = SearchFixtures.oracle(this.hybrid.index(documents), this.labelled);
		this.chosen = SearchFixtures.fit(index).orElse(null);
		return index;
	}

	/**
	 * The weights the last index chose, in words.
	 * @return for example {@code sparse 0.4, gap 0 (configured 0.8, 2)}
	 */
	public String choice() {
		SearchFixtures.Weights result = this.chosen;
		if (result == null) {
			return "no index yet";
		}
		return String.format(Locale.ROOT, "sparse %s, gap %s (configured %s, %s): %s", result.sparse(), result.gap(),
				result.configuredSparse(), result.configuredGap(), result.reason());
	}

}
