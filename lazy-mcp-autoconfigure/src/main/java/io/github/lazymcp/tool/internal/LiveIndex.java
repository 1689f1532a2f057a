package io.github.lazymcp.tool.internal;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * One index at a time, published in an AtomicReference with the snapshot and the
 * knowledge it was built from. A search of a snapshot with other tools builds its index on
 * the search's thread (the first build, and a catalog change: nothing older can answer
 * for tools it does not hold). A search of the same tools never waits: it takes the index
 * there is and, when Learning says the knowledge may have changed, hands one rebuild to
 * the executor; a flag lets one rebuild run at a time (single flight). The rebuild reads
 * the store, skips the build when the uses are the ones indexed already, and publishes
 * with compareAndSet, so that it never replaces an index of a newer snapshot built
 * meanwhile.
 */

/**
 * The search index of the current catalog snapshot, over the tools' descriptions, the
 * hints people wrote and the uses learned, kept up to date with what is learned off the
 * search path. Thread-safe.
 */
final class LiveIndex {

	private static final Log logger = LogFactory.getLog(LiveIndex.class);

	private final ToolRanker ranker;

	private final Hints hints;

	private final Learning learning;

	private final Executor executor;

	private final AtomicReference<@Nullable Built> built = new AtomicReference<>();

	private final AtomicBoolean rebuilding = new AtomicBoolean();

	/**
	 * Creates the index holder; nothing is built before the first search.
	 * @param ranker builds the indexes
	 * @param hints what people wrote about the tools
	 * @param learning what was learned from use
	 * @param executor runs the rebuilds that follow learning
	 */
	LiveIndex(ToolRanker ranker, Hints hints, Learning learning, Executor executor) {
		this.ranker = ranker;
		this.hints = hints;
		this.learning = learning;
		this.executor = executor;
	}

	/**
	 * The index of a snapshot's deferred tools: built now when the snapshot's tools are
	 * not the indexed ones, otherwise the last one built, with a rebuild started in the
	 * background when something new may have been learned.
	 * @param snapshot the catalog snapshot being searched
	 * @return the index
	 */
	ToolIndex indexFor(CatalogSnapshot snapshot) {
		Built current = this.built.get();
		if (current == null || !current.snapshot().sameToolsAs(snapshot)) {
			Built fresh = build(snapshot, this.learning.knowledge());
			this.built.set(fresh);
			return fresh.index();
		}
		if (this.learning.stale(current.knowledge()) && this.rebuilding.compareAndSet(false, true)) {
			try {
				this.executor.execute(() -> rebuild(current));
			}
			catch (RuntimeException ex) {
				this.rebuilding.set(false);
				logger.debug("Could not start a rebuild of the search index", ex);
			}
		}
		Built latest = this.built.get();
		return (latest != null && latest.snapshot().sameToolsAs(snapshot)) ? latest.index() : current.index();
	}

	private void rebuild(Built current) {
		try {
			Learning.Knowledge knowledge = this.learning.reload();
			Built next = knowledge.uses().equals(current.knowledge().uses())
					? new Built(current.snapshot(), current.index(), knowledge) : withUses(current, knowledge);
			this.built.compareAndSet(current, next);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not rebuild the search index with what was learned; ToolSearch goes on with the "
					+ "last one", ex);
		}
		finally {
			this.rebuilding.set(false);
		}
	}

	/** Only the uses changed: the ranker keeps what does not depend on them. */
	private Built withUses(Built current, Learning.Knowledge knowledge) {
		return new Built(current.snapshot(),
				this.ranker.reindexUses(current.index(), documents(current.snapshot(), knowledge)), knowledge);
	}

	private Built build(CatalogSnapshot snapshot, Learning.Knowledge knowledge) {
		return new Built(snapshot, this.ranker.index(documents(snapshot, knowledge)), knowledge);
	}

	private List<SearchDocument> documents(CatalogSnapshot snapshot, Learning.Knowledge knowledge) {
		return snapshot.deferred().stream().map((tool) -> document(tool, knowledge)).toList();
	}

	private SearchDocument document(CatalogTool tool, Learning.Knowledge knowledge) {
		return SearchDocument
			.of(tool.name(), tool.server(), tool.originalName(), tool.definition().description(),
					tool.definition().inputSchema())
			.withHints(this.hints.of(tool.server(), tool.originalName()).texts())
			.withUses(knowledge.of(tool.name()));
	}

	private record Built(CatalogSnapshot snapshot, ToolIndex index, Learning.Knowledge knowledge) {

	}

}
