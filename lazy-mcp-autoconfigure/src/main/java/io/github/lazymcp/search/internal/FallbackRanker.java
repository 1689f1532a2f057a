package io.github.lazymcp.search.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.logging.internal.Failures;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Embeddings can fail after startup (an application EmbeddingModel behind a network, a
 * model that runs out of memory). The embedding ranker is tried first for every index and
 * every search; when it throws, that search is answered by BM25 over the same documents,
 * whose index is built on the first failure and kept with the snapshot's index. One WARN
 * per failure streak: the first failure logs, the first success after it logs that
 * embeddings work again; status() says BM25 answers in between. The text that failed may
 * be a user's (a query, a learned request) and an embedding service may quote it: the
 * WARN names the exception's type only.
 */

/**
 * A ranker that needs embeddings, with BM25 behind it for every search whose embedding
 * fails. Counts the searches BM25 answered.
 */
final class FallbackRanker implements ToolRanker, RankerStatus.Reporting {

	private static final Log logger = LogFactory.getLog(FallbackRanker.class);

	private final ToolRanker primary;

	private final ToolRanker fallback;

	private final AtomicBoolean failing = new AtomicBoolean();

	/** The type of the failure that started the current streak; null between streaks. */
	private volatile @Nullable String failure;

	private final LongAdder fallbacks = new LongAdder();

	FallbackRanker(ToolRanker primary, ToolRanker fallback) {
		this.primary = primary;
		this.fallback = fallback;
	}

	@Override
	public String id() {
		return this.primary.id();
	}

	@Override
	public long fallbacks() {
		return this.fallbacks.sum();
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		return indexes(documents, this.primary::index);
	}

	@Override
	public ToolIndex reindexUses(ToolIndex previous, List<SearchDocument> documents) {
		if (!(previous instanceof Indexes indexes) || indexes.main == null) {
			return index(documents);
		}
		ToolIndex main = indexes.main;
		return indexes(documents, (copy) -> this.primary.reindexUses(main, copy));
	}

	/** The primary's index, or BM25's when building the primary's fails. */
	private ToolIndex indexes(List<SearchDocument> documents, Function<List<SearchDocument>, ToolIndex> primary) {
		List<SearchDocument> copy = List.copyOf(documents);
		try {
			return new Indexes(primary.apply(copy), null, copy);
		}
		catch (RuntimeException ex) {
			failed(ex);
			return new Indexes(null, this.fallback.index(copy), copy);
		}
	}

	@Override
	public RankerStatus status() {
		String current = this.failure;
		return (current != null)
				? RankerStatus.bm25Instead(this.primary.id(),
						"embedding failed (%s); BM25 answers until embeddings work again".formatted(current))
				: RankerStatus.answering(this.primary.id());
	}

	private void failed(RuntimeException ex) {
		this.fallbacks.increment();
		if (this.failing.compareAndSet(false, true)) {
			this.failure = Failures.describe(ex);
			Failures.warn(logger, "Embedding failed; ToolSearch ranks with BM25 until embeddings work again", ex);
		}
	}

	private void worked() {
		if (this.failing.compareAndSet(true, false)) {
			this.failure = null;
			logger.info("Embeddings work again; ToolSearch ranks with " + this.primary.id());
		}
	}

	/**
	 * The index an index of this class falls back from.
	 * @param index any index
	 * @return the embedding index inside one of this class's indexes, null when it could
	 * not be built; any other index itself
	 */
	static @Nullable ToolIndex primary(ToolIndex index) {
		return (index instanceof Indexes indexes) ? indexes.main : index;
	}

	/** The embedding index when it could be built, and BM25's once it was needed. */
	private final class Indexes implements ToolIndex {

		private final @Nullable ToolIndex main;

		private final List<SearchDocument> documents;

		private volatile @Nullable ToolIndex bm25;

		Indexes(@Nullable ToolIndex main, @Nullable ToolIndex bm25, List<SearchDocument> documents) {
			this.main = main;
			this.bm25 = bm25;
			this.documents = documents;
		}

		@Override
		public List<ToolMatch> search(Query query, int limit) {
			return search(query, limit, (name) -> true);
		}

		@Override
		public List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
			return search(query, limit, Visibility.ALL, allowed);
		}

		@Override
		public List<ToolMatch> search(Query query, int limit, Visibility visibility, Predicate<String> allowed) {
			ToolIndex embedded = this.main;
			if (embedded == null) {
				FallbackRanker.this.fallbacks.increment();
				return bm25().search(query, limit, visibility, allowed);
			}
			try {
				List<ToolMatch> matches = embedded.search(query, limit, visibility, allowed);
				worked();
				return matches;
			}
			catch (RuntimeException ex) {
				failed(ex);
				return bm25().search(query, limit, visibility, allowed);
			}
		}

		@Override
		public int size() {
			return this.documents.size();
		}

		private ToolIndex bm25() {
			ToolIndex index = this.bm25;
			if (index == null) {
				index = FallbackRanker.this.fallback.index(this.documents);
				this.bm25 = index;
			}
			return index;
		}

	}

}
