package io.github.lazymcp.benchmarks.ranking;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;

/**
 * The rankers the benchmarks know, by name. A new {@link ToolRanker} takes one
 * {@link #register} line in {@link #standard()}.
 */
public final class RankerRegistry {

	private final Map<String, Supplier<ToolRanker>> rankers = new LinkedHashMap<>();

	/**
	 * The rankers measured by default, in report order: lazy-mcp's own (every strategy,
	 * over the bundled default model), then the peers.
	 * @return the registry
	 */
	public static RankerRegistry standard() {
		RankerRegistry registry = new RankerRegistry();
		BundledModel model = EmbeddingSettings.DEFAULTS.model();
		for (RankingSettings.Strategy strategy : RankingSettings.Strategy.values()) {
			registry.register(ProductRankers.name(strategy), () -> ProductRankers.create(strategy, model));
		}
		return registry.register("lc4j-simple", LangChain4jRanker::simple)
			.register("lc4j-vector", LangChain4jRanker::vector);
	}

	/**
	 * Adds a ranker.
	 * @param name the name used on the command line
	 * @param factory creates the ranker; called once per run
	 * @return this registry
	 */
	public RankerRegistry register(String name, Supplier<ToolRanker> factory) {
		if (name.equals("all") || this.rankers.putIfAbsent(name, factory) != null) {
			throw new IllegalArgumentException("Ranker name '" + name + "' is taken");
		}
		return this;
	}

	/**
	 * The registered names, in registration order.
	 * @return the names
	 */
	public List<String> names() {
		return List.copyOf(this.rankers.keySet());
	}

	/**
	 * Resolves a command-line selection.
	 * @param selection {@code all}, one name, or names separated by commas
	 * @return the selected names
	 * @throws IllegalArgumentException for an unknown name
	 */
	public List<String> select(String selection) {
		if (selection.equals("all")) {
			return names();
		}
		List<String> selected = new ArrayList<>();
		for (String name : selection.split(",")) {
			if (!this.rankers.containsKey(name.strip())) {
				throw new IllegalArgumentException("Unknown ranker '" + name + "'; known: " + names() + " or all");
			}
			selected.add(name.strip());
		}
		return selected;
	}

	/**
	 * Creates a ranker.
	 * @param name a registered name
	 * @return a new ranker
	 */
	public ToolRanker create(String name) {
		return this.rankers.get(select(name).get(0)).get();
	}

}
