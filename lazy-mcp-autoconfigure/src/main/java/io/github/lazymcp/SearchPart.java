package io.github.lazymcp;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.Filters;
import io.github.lazymcp.tool.internal.ToolSearchService;
import io.github.lazymcp.tool.internal.UsageStats;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * What ranks the catalog: learned uses, the ranker the settings describe (or the
 * application's), a BM25 ranker that answers while a full index is built, and the search
 * service over them. The first index is built in the background as soon as the part is
 * made; expired uses are deleted periodically, and the index rebuilt without them.
 * Closing stops both.
 */

/**
 * The search part of lazy-mcp: learning, ranking and the search service.
 */
final class SearchPart implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SearchPart.class);

	private final Learning learning;

	private final ToolRanker ranker;

	private final ToolSearchService service;

	private final Tasks tasks;

	/**
	 * Makes the search and starts building its first index.
	 * @param own the ranking, tool and learning settings, and the application's ranker
	 * and store of uses
	 * @param cleanupInterval how often expired learned uses are deleted
	 * @param catalog the catalog searched
	 * @param tokens how tokens are counted
	 * @param stats the usage counters searches count in
	 * @param surface what the model sees beside the deferred tools
	 * @param embedder what dense ranking embeds with
	 * @param clock the time of learned uses
	 * @param tasks where index builds and the cleanup of uses run; closed with this part
	 */
	SearchPart(Inputs own, Duration cleanupInterval, McpCatalog catalog, TokenCounter tokens, UsageStats stats,
			ToolSurface surface, TextEmbedder.Loader embedder, Clock clock, Tasks tasks) {
		ToolRanker given = own.ranker();
		UseStore uses = own.uses();
		this.learning = new Learning(own.learning(),
				(uses != null) ? uses : UseStore.inMemory(own.learning().usesPerTool()), clock, System::nanoTime);
		this.ranker = (given != null) ? given : Rankers.onFirstUse(own.ranking(), embedder);
		// While a full index is built, BM25 answers; a BM25 ranking is quick enough
		// itself.
		ToolRanker interim = (given == null && own.ranking().strategy() == RankingSettings.Strategy.BM25) ? null
				: Rankers.bm25(own.ranking());
		this.tasks = tasks;
		this.service = new ToolSearchService(catalog, this.ranker, own.tools(), stats, surface.modelTools(),
				surface.filters(), this.learning, Hints.merge(surface.hints()), interim,
				this.tasks.oneAtATime("build the search index"), tokens);
		this.tasks.now("index the catalog", this.service::prepare);
		this.tasks.every(cleanupInterval, "expired learned uses", this::expireUses);
	}

	/**
	 * The periodic cleanup: uses past the retention are deleted, and the index rebuilt
	 * when this instance deleted some or when other instances may have (a shared store).
	 */
	private void expireUses() {
		if (this.learning.expire() > 0 || this.learning.shared()) {
			this.service.relearn();
		}
	}

	/**
	 * Deletes learned uses, and rebuilds the index without them in the background.
	 * @param conversation the conversation whose uses to delete; null for every use
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store of uses cannot be reached
	 */
	int deleteUses(@Nullable String conversation) {
		int deleted = (conversation != null) ? this.learning.deleteConversation(conversation)
				: this.learning.deleteAll();
		// No id: it may name a person.
		logger.info("Deleted %d learned tool uses (%s)".formatted(deleted,
				(conversation != null) ? "of one conversation" : "all of them"));
		this.service.relearn();
		return deleted;
	}

	/**
	 * What is learned from use: for the tool path, which records calls.
	 * @return the learning
	 */
	Learning learning() {
		return this.learning;
	}

	/**
	 * The ranker searches use.
	 * @return the ranker
	 */
	ToolRanker ranker() {
		return this.ranker;
	}

	/**
	 * The search service: for ToolSearch, proactive attach and the window.
	 * @return the service
	 */
	ToolSearchService service() {
		return this.service;
	}

	@Override
	public void close() {
		this.tasks.close();
	}

	/**
	 * The search's settings and the application's parts for it.
	 *
	 * @param ranking the ranker and its parameters
	 * @param tools ToolSearch's limits and surface
	 * @param learning what is learned from use
	 * @param ranker the application's ranker, or null for the one the ranking settings
	 * describe
	 * @param uses the application's store of learned uses, or null for one in memory
	 */
	record Inputs(RankingSettings ranking, ToolSettings tools, LearningSettings learning, @Nullable ToolRanker ranker,
			@Nullable UseStore uses) {

	}

	/**
	 * What the model sees beside the deferred tools, and what hides tools from it: made
	 * once by the assembly, for the search and the tool path.
	 *
	 * @param modelTools every model tool, lazy-mcp's own included
	 * @param filters every tool filter
	 * @param hints every hint, most important first
	 */
	record ToolSurface(List<ModelTool> modelTools, Filters filters, List<Hints> hints) {

		ToolSurface {
			modelTools = List.copyOf(modelTools);
			hints = List.copyOf(hints);
		}

	}

}
