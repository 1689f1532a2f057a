package io.github.lazymcp;

import java.util.List;

import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.internal.Filters;
import io.github.lazymcp.tool.internal.ToolSearchService;
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

	private final Background.Tasks tasks;

	/**
	 * Makes the search and starts building its first index.
	 * @param parts what the builder was given
	 * @param connections the catalog and the token counter
	 * @param sessions the usage counters
	 * @param embedder what dense ranking embeds with
	 * @param modelTools every model tool, lazy-mcp's own included
	 * @param filters every tool filter
	 * @param hints every hint, most important first
	 * @param background where index builds and the cleanup of uses run
	 */
	SearchPart(Assembly.Parts parts, ServersPart connections, SessionsPart sessions, TextEmbedder.Loader embedder,
			List<ModelTool> modelTools, Filters filters, List<Hints> hints, Background background) {
		Assembly.Settings settings = parts.settings();
		this.learning = new Learning(settings.learning(),
				(parts.useStore() != null) ? parts.useStore() : UseStore.inMemory(settings.learning().usesPerTool()),
				parts.clock(), System::nanoTime);
		this.ranker = (parts.ranker() != null) ? parts.ranker() : Rankers.onFirstUse(settings.ranking(), embedder);
		// While a full index is built, BM25 answers; a BM25 ranking is quick enough
		// itself.
		ToolRanker interim = (parts.ranker() == null && settings.ranking().strategy() == RankingSettings.Strategy.BM25)
				? null : Rankers.bm25(settings.ranking());
		this.tasks = background.tasks("search");
		this.service = new ToolSearchService(connections.catalog(), this.ranker, settings.tools(), sessions.stats(),
				modelTools, filters, this.learning, Hints.merge(hints), interim,
				this.tasks.oneAtATime("build the search index"), connections.tokenCounter());
		this.tasks.now("index the catalog", this.service::prepare);
		this.tasks.every(settings.sessions().cleanupInterval(), "expired learned uses", this::expireUses);
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

	Learning learning() {
		return this.learning;
	}

	ToolRanker ranker() {
		return this.ranker;
	}

	ToolSearchService service() {
		return this.service;
	}

	@Override
	public void close() {
		this.tasks.close();
	}

}
