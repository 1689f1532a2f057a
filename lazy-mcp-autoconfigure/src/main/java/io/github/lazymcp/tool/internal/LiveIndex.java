package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.logging.internal.Failures;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.CatalogReport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * No search waits for an index that takes time to build. Each catalog snapshot with
 * tools no full index holds yet is indexed on the executor, one snapshot at a time (a
 * newer snapshot supersedes an older one still building): first an interim index, BM25
 * over the tools the last full index does not hold, interleaved with that full index's
 * answers for the tools both hold (BM25 over everything when there is no full index
 * yet); then the ranker's full index, published with compareAndSet so that it never
 * replaces the index of a newer snapshot. A search takes the full index when it holds the
 * snapshot's tools; otherwise the interim one, which it builds itself (BM25, milliseconds)
 * if the background has not started it: it never waits for work queued behind other work,
 * only for an interim build already running. When the ranker is quick itself (BM25), its
 * index is the full one. The interim index exists before any full one is published, so
 * firstAnswer completes no later than firstFull.
 *
 * Learning: a search of the snapshot the full index holds never waits either; when
 * Learning says the knowledge may have changed, one rebuild (single flight) runs on the
 * executor, reads the store, skips the build when the uses are the ones indexed already,
 * and publishes with compareAndSet. After uses were deleted, refresh() starts that rebuild
 * without waiting for a search; one asked for while another runs follows it, and an index
 * published with knowledge older than the last deletion starts one too, so that no index
 * keeps votes (or vectors) of deleted uses longer than a rebuild takes.
 */

/**
 * The search index of the current catalog snapshot, over the tools' descriptions, the
 * hints people wrote and the uses learned, built and kept up to date off the search path.
 * Thread-safe.
 */
final class LiveIndex {

	private static final Log logger = LogFactory.getLog(LiveIndex.class);

	private final ToolRanker ranker;

	private final @Nullable ToolRanker interimRanker;

	private final Hints hints;

	private final Learning learning;

	private final Executor executor;

	private final AtomicReference<@Nullable Built> built = new AtomicReference<>();

	private final AtomicReference<@Nullable Pending> pending = new AtomicReference<>();

	private final AtomicReference<@Nullable Report> report = new AtomicReference<>();

	private final AtomicBoolean rebuilding = new AtomicBoolean();

	/** A rebuild was asked for while one ran: it follows that one. */
	private final AtomicBoolean again = new AtomicBoolean();

	private final CompletableFuture<Void> firstFull = new CompletableFuture<>();

	private final CompletableFuture<Void> firstAnswer = new CompletableFuture<>();

	/**
	 * Creates the index holder; nothing is built before {@link #prepare} or the first
	 * search.
	 * @param ranker builds the full indexes
	 * @param interimRanker builds the interim indexes that answer while a full one is
	 * built (BM25), or null when the full ranker is quick itself
	 * @param hints what people wrote about the tools
	 * @param learning what was learned from use
	 * @param executor builds the indexes
	 */
	LiveIndex(ToolRanker ranker, @Nullable ToolRanker interimRanker, Hints hints, Learning learning,
			Executor executor) {
		this.ranker = ranker;
		this.interimRanker = interimRanker;
		this.hints = hints;
		this.learning = learning;
		this.executor = executor;
	}

	/**
	 * Starts indexing a snapshot in the background, unless its tools are indexed or being
	 * indexed already.
	 * @param snapshot the catalog snapshot
	 */
	void prepare(CatalogSnapshot snapshot) {
		Built current = this.built.get();
		if (current == null || !current.snapshot().sameToolsAs(snapshot)) {
			pendingFor(snapshot, current, true);
		}
	}

	/**
	 * The index to search a snapshot's deferred tools with: the full index when it holds
	 * them, otherwise the interim one while the full one is built.
	 * @param snapshot the catalog snapshot being searched
	 * @return the index, and whether it is the interim one
	 */
	Indexed indexFor(CatalogSnapshot snapshot) {
		// The full index, when it holds the snapshot's tools.
		Built current = this.built.get();
		if (current != null && current.snapshot().sameToolsAs(snapshot)) {
			if (this.learning.stale(current.knowledge()) && this.rebuilding.compareAndSet(false, true)) {
				startRebuild(current);
			}
			Built latest = this.built.get();
			return new Indexed(((latest != null && latest.snapshot().sameToolsAs(snapshot)) ? latest : current).index(),
					false);
		}
		// Without a full build to follow, the interim index this search builds is all.
		Pending building = pendingFor(snapshot, current, this.interimRanker != null);
		return new Indexed(interimOf(building), this.interimRanker != null);
	}

	/**
	 * Rebuilds the full index with the uses the store holds now, in the background,
	 * without waiting for a search: after uses were deleted. Does nothing before the
	 * first full index, which reads the store when it is built.
	 */
	void refresh() {
		this.again.set(true);
		Built current = this.built.get();
		if (current != null && this.rebuilding.compareAndSet(false, true)) {
			this.again.set(false);
			startRebuild(current);
		}
	}

	/**
	 * Completes when the first full index is published; never fails (a failed build is
	 * tried again by the next search).
	 * @return a future of its own for the caller
	 */
	CompletableFuture<Void> firstFull() {
		return this.firstFull.copy();
	}

	/**
	 * Completes when the first index that answers without building anything exists: the
	 * interim one, or the full one when the ranker is quick itself. Never fails.
	 * @return a future of its own for the caller
	 */
	CompletableFuture<Void> firstAnswer() {
		return this.firstAnswer.copy();
	}

	/**
	 * The full index last published, for reports; builds nothing.
	 * @return the index, null before the first full index is built
	 */
	@Nullable ToolIndex published() {
		Built current = this.built.get();
		return (current != null) ? current.index() : null;
	}

	/**
	 * How many learned uses the full index last published votes with.
	 * @return the count, 0 before the first full index
	 */
	int learnedUses() {
		Built current = this.built.get();
		return (current != null) ? current.knowledge().uses().values().stream().mapToInt(List::size).sum() : 0;
	}

	/**
	 * The catalog report of a snapshot's tools, computed on the executor once per set of
	 * tools (learned uses do not start another) from their full index.
	 * @param snapshot the catalog snapshot to report on
	 * @param depth how many results a tool's own text must find it among
	 * @return the report, done or being computed; empty while the snapshot's full index
	 * is not built (its building is started then)
	 */
	Optional<CompletableFuture<CatalogReport>> report(CatalogSnapshot snapshot, int depth) {
		Built current = this.built.get();
		if (current == null || !current.snapshot().sameToolsAs(snapshot)) {
			prepare(snapshot);
			return Optional.empty();
		}
		while (true) {
			Report cached = this.report.get();
			// A report that failed is computed again.
			if (cached != null && cached.snapshot().sameToolsAs(current.snapshot())
					&& !cached.report().isCompletedExceptionally()) {
				return Optional.of(cached.report().copy());
			}
			Report fresh = new Report(current.snapshot(), new CompletableFuture<>());
			if (this.report.compareAndSet(cached, fresh)) {
				startReport(fresh.report(), current, depth);
				return Optional.of(fresh.report().copy());
			}
		}
	}

	private void startReport(CompletableFuture<CatalogReport> report, Built built, int depth) {
		Runnable compute = () -> {
			try {
				report.complete(CatalogReport.of(built.documents(), built.index(), depth));
			}
			catch (RuntimeException | Error ex) {
				report.completeExceptionally(ex);
			}
		};
		try {
			this.executor.execute(compute);
		}
		catch (RejectedExecutionException ex) {
			// No background left (the application is stopping).
			report.completeExceptionally(ex);
		}
	}

	/**
	 * How far indexing has come.
	 * @return the state
	 */
	State state() {
		Pending building = this.pending.get();
		if (building != null) {
			return building.interim().isDone() ? State.INTERIM : State.BUILDING;
		}
		return (this.built.get() != null) ? State.READY : State.NONE;
	}

	private Pending pendingFor(CatalogSnapshot snapshot, @Nullable Built current, boolean background) {
		while (true) {
			Pending building = this.pending.get();
			if (building != null && building.snapshot().sameToolsAs(snapshot)) {
				return building;
			}
			Learning.Knowledge knowledge = this.learning.knowledge();
			Pending fresh = new Pending(snapshot, documents(snapshot, knowledge), knowledge, current,
					new AtomicBoolean(), new CompletableFuture<>());
			if (this.pending.compareAndSet(building, fresh)) {
				if (background) {
					start(fresh);
				}
				return fresh;
			}
		}
	}

	private void start(Pending pending) {
		Runnable build = () -> build(pending);
		try {
			this.executor.execute(build);
		}
		catch (RejectedExecutionException ex) {
			// No background left (the application is stopping): the next search builds.
			logger.debug("Could not start building the search index", ex);
		}
	}

	/** In the background: the interim index if no search built it, then the full one. */
	private void build(Pending pending) {
		try {
			interimOf(pending);
			if (this.interimRanker != null && this.pending.get() == pending) {
				publish(pending, new Built(pending.snapshot(), pending.documents(),
						this.ranker.index(pending.documents()), pending.knowledge()));
			}
		}
		catch (RuntimeException | Error ex) {
			this.pending.compareAndSet(pending, null);
			// Building embeds learned uses, users' words an embedding service may quote.
			Failures.warn(logger,
					"Could not build the search index of the current catalog; the next search tries again", ex);
		}
	}

	/**
	 * The interim index of a pending snapshot, built here unless it is built already: a
	 * search never waits for a build queued behind other work. When the ranker is quick
	 * itself, its index is the full one and is published at once.
	 */
	private ToolIndex interimOf(Pending pending) {
		// Whoever comes first builds it; a search that comes while another thread builds
		// it waits for that build, already running, rather than building it twice.
		if (!pending.interim().isDone() && pending.interimStarted().compareAndSet(false, true)) {
			try {
				pending.interim().complete(interim(pending.documents(), pending.previous()));
			}
			catch (RuntimeException | Error ex) {
				// Completed either way: a search may be waiting for this build.
				pending.interim().completeExceptionally(ex);
				this.pending.compareAndSet(pending, null);
				throw ex;
			}
		}
		ToolIndex index = pending.interim().join();
		this.firstAnswer.complete(null);
		if (this.interimRanker == null) {
			publish(pending, new Built(pending.snapshot(), pending.documents(), index, pending.knowledge()));
		}
		return index;
	}

	private void publish(Pending pending, Built full) {
		// Only the pending snapshot's index is published: a newer snapshot's build wins.
		if (this.pending.get() == pending) {
			this.built.set(full);
			this.pending.compareAndSet(pending, null);
			this.firstFull.complete(null);
			if (this.learning.forgotSince(full.knowledge())) {
				refresh();
			}
		}
	}

	/**
	 * BM25 over the tools the last full index does not hold, with that index answering
	 * for the tools it holds; BM25 over everything when there is none.
	 */
	private ToolIndex interim(List<SearchDocument> documents, @Nullable Built previous) {
		ToolRanker quick = this.interimRanker;
		if (previous == null || quick == null) {
			return (quick != null ? quick : this.ranker).index(documents);
		}
		Set<String> held = new HashSet<>();
		previous.snapshot().deferred().forEach((tool) -> held.add(tool.name()));
		Set<String> current = new HashSet<>();
		List<SearchDocument> added = new ArrayList<>();
		for (SearchDocument document : documents) {
			current.add(document.name());
			if (!held.contains(document.name())) {
				added.add(document);
			}
		}
		return new Bridge(previous.index(), current::contains, quick.index(added), documents.size());
	}

	private void startRebuild(Built current) {
		try {
			this.executor.execute(() -> rebuild(current));
		}
		catch (RuntimeException ex) {
			this.rebuilding.set(false);
			logger.debug("Could not start a rebuild of the search index", ex);
		}
	}

	private void rebuild(Built current) {
		try {
			Learning.Knowledge knowledge = this.learning.reload();
			Built next = knowledge.uses().equals(current.knowledge().uses())
					? new Built(current.snapshot(), current.documents(), current.index(), knowledge)
					: withUses(current, knowledge);
			this.built.compareAndSet(current, next);
		}
		catch (RuntimeException | Error ex) {
			Failures.warn(logger,
					"Could not rebuild the search index with what was learned; ToolSearch goes on with the last one",
					ex);
		}
		finally {
			this.rebuilding.set(false);
		}
		if (this.again.get()) {
			refresh();
		}
	}

	/**
	 * Only the uses changed: a tool whose uses did not change keeps its document (its
	 * schema is not parsed again), and the ranker keeps what does not depend on uses.
	 */
	private Built withUses(Built current, Learning.Knowledge knowledge) {
		List<SearchDocument> documents = current.documents().stream().map((document) -> {
			List<String> uses = knowledge.of(document.name());
			return uses.equals(document.uses()) ? document : document.withUses(uses);
		}).toList();
		return new Built(current.snapshot(), documents, this.ranker.reindexUses(current.index(), documents), knowledge);
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

	/** The catalog report of one set of tools, done or being computed. */
	private record Report(CatalogSnapshot snapshot, CompletableFuture<CatalogReport> report) {

	}

	/**
	 * An index to search with.
	 *
	 * @param index the index
	 * @param interim whether it answers only until the full index is built
	 */
	record Indexed(ToolIndex index, boolean interim) {

	}

	/** How far indexing has come. */
	enum State {

		/** Nothing indexed yet. */
		NONE,

		/** An index is being built and nothing can answer for its snapshot yet. */
		BUILDING,

		/** The interim index answers while the full one is built. */
		INTERIM,

		/** The full index of the last snapshot seen answers. */
		READY

	}

	/**
	 * A full index and what it was built from.
	 *
	 * @param snapshot the catalog snapshot
	 * @param documents its deferred tools as indexed, with the knowledge's uses
	 * @param index the index
	 * @param knowledge the uses it votes with
	 */
	private record Built(CatalogSnapshot snapshot, List<SearchDocument> documents, ToolIndex index,
			Learning.Knowledge knowledge) {

	}

	private record Pending(CatalogSnapshot snapshot, List<SearchDocument> documents, Learning.Knowledge knowledge,
			@Nullable Built previous, AtomicBoolean interimStarted, CompletableFuture<ToolIndex> interim) {

	}

	/**
	 * The last full index for the tools it holds and that are still there, and an index
	 * of the tools it does not hold, their answers interleaved, the full index's first.
	 */
	private static final class Bridge implements ToolIndex {

		private final ToolIndex held;

		private final Predicate<String> present;

		private final ToolIndex added;

		private final int size;

		Bridge(ToolIndex held, Predicate<String> present, ToolIndex added, int size) {
			this.held = held;
			this.present = present;
			this.added = added;
			this.size = size;
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
			List<ToolMatch> first = this.held.search(query, limit, visibility, this.present.and(allowed));
			List<ToolMatch> second = (this.added.size() > 0) ? this.added.search(query, limit, visibility, allowed)
					: List.of();
			List<ToolMatch> merged = new ArrayList<>(limit);
			for (int i = 0; merged.size() < limit && (i < first.size() || i < second.size()); i++) {
				if (i < first.size()) {
					merged.add(first.get(i));
				}
				if (i < second.size() && merged.size() < limit) {
					merged.add(second.get(i));
				}
			}
			return merged;
		}

		@Override
		public int size() {
			return this.size;
		}

	}

}
