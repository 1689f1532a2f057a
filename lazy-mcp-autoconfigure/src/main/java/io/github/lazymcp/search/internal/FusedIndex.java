package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.jspecify.annotations.Nullable;

/*
 * One search, in order:
 * 1. Each ranking (BM25, dense; either may be absent) gives its top `depth` allowed tools,
 *    scoring only the tools the search's visibility sees (one identity's: Visible).
 *    Their scores become z-scores over that top list, so that rankings with unrelated
 *    scales add up, and a tool far ahead of its ranking's crowd counts for more than one
 *    just ahead of it (rank fusion cannot tell the two apart). BM25's weight grows with
 *    its relative lead, (best - second) / best: a request that names one tool's rare words
 *    is decided by words, one whose words are spread over many tools by meaning. And its
 *    weight shrinks when its best match covers less than a share of the query's weight
 *    (RankingSettings.sparseCoverage): a request that shares few words with every tool is
 *    worded its own way, so its few shared words say little.
 * 2. The server signal adds, to every candidate, its server's standing for the query.
 * 3. Past requests similar to this one vote for the tools they called (UseVotes).
 * 4. A tool the request names verbatim goes first (ExactNames).
 * 5. Abstention: with embeddings, the rankings answer only when the best cosine reaches
 *    supportedSimilarity, or reaches minSimilarity while the best BM25 match covers
 *    minSupport of the query's weight (a word in common), or the best BM25 match covers
 *    minCoverage of it whatever the cosine; otherwise the result holds just the tools
 *    the request names, usually none. The cosine alone drops short requests made of a
 *    tool's own words, and lets through general questions a small sentence model scores
 *    loosely similar to some tool; BM25 coverage alone cannot tell a question that
 *    happens to share words with a tool. Votes of past requests do not answer on their
 *    own: a question no tool serves can resemble one that some tool did. Without
 *    embeddings, the result is empty only when no word matches and no past request
 *    votes. A query that asks for the nearest tools (Query.nearest) skips this step:
 *    ToolSearch lists them by name when the search itself found nothing.
 * 6. A request of several clauses (Clauses: "Find X. Then do Y.") is also ranked clause
 *    by clause, steps 1 to 3 and 5 for each clause's words alone, and the rankings are
 *    joined as ClauseOrder says: each clause's best tool first, in the request's order,
 *    never instead of the whole request's ranking. Only when the whole request does not
 *    abstain, and never for a query that asks for the nearest tools.
 * 7. A small server's tools come together (RankingSettings.smallServer, at most 5 tools by
 *    default): when one of the whole request's three best matches is such a server's, its
 *    server's other matches follow it, best first, before the rest; the result is still
 *    cut to the limit. A server of a few tools is usually one API whose tools one task
 *    uses in turn (an API's search, then its details); a big server's tools are more
 *    often alternatives. Its matches are the tools the rankings of step 1 found at all.
 * Ties keep catalog order, so results are deterministic.
 * The BM25 weights of step 1 are the settings', or those FusionFit chose from the requests
 * the catalog learned from use; the fitting happens where the index is built.
 */

/**
 * The product's search index: BM25 and dense rankings fused, with the server signal,
 * learned uses, exact names and abstention. Immutable and thread-safe.
 */
final class FusedIndex implements ToolIndex {

	/** Above any fused score: a named tool ranks before every other. */
	private static final double NAMED = 1e6;

	/** How deep fitting looks at a fused ranking: its score counts the top 5. */
	private static final int FIT_DEPTH = 5;

	/** How many of the best matches bring a small server's other matches along. */
	private static final int LEADERS = 3;

	private final Map<String, Integer> order;

	/**
	 * The server of each tool of a small server (RankingSettings.smallServer) that lists
	 * others: empty when no tool has one to bring along.
	 */
	private final Map<String, String> smallServerOf;

	private final @Nullable Bm25Index sparse;

	private final @Nullable DenseIndex dense;

	/** What each identity's visibility sees of the catalog, shared with withUses. */
	private final Visible.Kept visible;

	private final @Nullable ServerSignal servers;

	private final UseVotes uses;

	private final ExactNames names;

	private final RankingSettings settings;

	/** The BM25 weights the fusion uses: the settings' or those fitted to the catalog. */
	private final FusionFit.Weights weights;

	/** What fitting chose, null when this index was not fitted. */
	private final FusionFit.@Nullable Result fit;

	/**
	 * The learned requests the fit ranked, to tell whether enough changed to fit again.
	 */
	private final Set<String> fitRequests;

	FusedIndex(List<SearchDocument> documents, @Nullable Bm25Index sparse, @Nullable DenseIndex dense,
			@Nullable ServerSignal servers, UseVotes uses, RankingSettings settings) {
		this.order = new HashMap<>();
		documents.forEach((document) -> this.order.putIfAbsent(document.name(), this.order.size()));
		this.smallServerOf = smallServers(documents, settings.smallServer());
		this.sparse = sparse;
		this.dense = dense;
		this.visible = new Visible.Kept(documents);
		this.servers = servers;
		this.uses = uses;
		this.names = new ExactNames(documents);
		this.settings = settings;
		this.weights = FusionFit.Weights.of(settings);
		this.fit = null;
		this.fitRequests = Set.of();
	}

	/**
	 * This index with other learned uses: the rankings, the server signal and the names
	 * are shared, since they do not depend on uses; so is the fit, until
	 * {@link #fitted(List)} fits again.
	 * @param uses the new votes
	 * @return the new index
	 */
	FusedIndex withUses(UseVotes uses) {
		return (uses == this.uses) ? this : new FusedIndex(this, uses, this.weights, this.fit, this.fitRequests);
	}

	/**
	 * The votes of this index's learned uses.
	 * @return the votes
	 */
	UseVotes votes() {
		return this.uses;
	}

	private FusedIndex(FusedIndex other, UseVotes uses, FusionFit.Weights weights, FusionFit.@Nullable Result fit,
			Set<String> fitRequests) {
		this.order = other.order;
		this.smallServerOf = other.smallServerOf;
		this.sparse = other.sparse;
		this.dense = other.dense;
		this.visible = other.visible;
		this.servers = other.servers;
		this.uses = uses;
		this.names = other.names;
		this.settings = other.settings;
		this.weights = weights;
		this.fit = fit;
		this.fitRequests = fitRequests;
	}

	/**
	 * This index with its fusion fitted to the requests the catalog learned from use
	 * ({@link FusionFit}); itself when it lacks a ranking to weigh, or when its last fit
	 * ranked nearly the same requests.
	 * @param documents the catalog with its learned uses, as indexed
	 * @return the fitted index, which reports the fit
	 */
	FusedIndex fitted(List<SearchDocument> documents) {
		Map<String, Set<String>> requests = FusionFit.requests(documents);
		if (this.fit != null && !FusionFit.changed(this.fitRequests, requests.keySet())) {
			// The texts of requests no longer learned (dropped, expired, deleted) are not
			// kept: they are users' words.
			Set<String> kept = new HashSet<>(this.fitRequests);
			kept.retainAll(requests.keySet());
			return (kept.size() == this.fitRequests.size()) ? this
					: new FusedIndex(this, this.uses, this.weights, this.fit, Set.copyOf(kept));
		}
		return fitted(requests, FusionFit.MIN_GAIN);
	}

	/**
	 * This index with its fusion fitted to some requests whose tools are known.
	 * @param requests request texts and the tools that serve them
	 * @param minGain how much better than the configured weights a candidate must score
	 * @return the fitted index; itself when it lacks a ranking to weigh
	 */
	FusedIndex fitted(Map<String, Set<String>> requests, double minGain) {
		Bm25Index lexical = this.sparse;
		DenseIndex semantic = this.dense;
		if (lexical == null || semantic == null) {
			return this;
		}
		int depth = this.settings.depth();
		FusionFit.Result result = FusionFit.choose(FusionFit.Weights.of(this.settings), requests, minGain, (text) -> {
			Query query = Query.of(text);
			List<ToolMatch> words = lexical.search(query, depth, (name) -> true);
			List<ToolMatch> meaning = semantic.search(query, depth, (name) -> true);
			double coverage = coverage(query, words);
			return (weights) -> ranked(fuse(query, words, meaning, coverage, weights), FIT_DEPTH).stream()
				.map(ToolMatch::name)
				.toList();
		});
		return new FusedIndex(this, this.uses, result.chosen(), result, Set.copyOf(requests.keySet()));
	}

	/**
	 * What fitting chose for this index.
	 * @return the fit, null when the index was not fitted
	 */
	FusionFit.@Nullable Result fit() {
		return this.fit;
	}

	@Override
	public List<ToolMatch> search(Query query, int limit) {
		return search(query, limit, (name) -> true);
	}

	@Override
	public List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
		return search(query, limit, Visibility.ALL, allowed);
	}

	/**
	 * Scores only the tools the visibility sees: what it sees of this catalog is asked
	 * once and kept ({@link Visible.Kept}), so that another identity's tools cost a
	 * search nothing but their BM25 postings.
	 */
	@Override
	public List<ToolMatch> search(Query query, int limit, Visibility visibility, Predicate<String> allowed) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		if (query.text().isBlank()) {
			return List.of();
		}
		Seen seen = new Seen(this.visible.of(visibility), allowed);
		Evidence evidence = evidence(query, seen);
		Set<String> named = this.names.find(query.text(), seen.filter());
		if (!query.isNearest() && !confident(evidence)) {
			// The rankings abstain; only what the request names is answered.
			return named.stream().limit(limit).map((tool) -> new ToolMatch(tool, NAMED)).toList();
		}
		Map<String, Double> scores = scores(query, evidence);
		named.forEach((tool) -> scores.merge(tool, NAMED, Double::sum));
		List<ToolMatch> whole = this.smallServerOf.isEmpty() ? ranked(scores, limit)
				: together(ranked(scores, scores.size()), limit);
		if (!this.settings.clauses() || query.isNearest()) {
			return whole;
		}
		Clauses clauses = Clauses.of(query.text());
		if (!clauses.several()) {
			return whole;
		}
		List<List<ToolMatch>> parts = clauses.texts().stream().map((clause) -> clause(clause, limit, seen)).toList();
		return ClauseOrder.merge(whole, parts, clauses.ordered(), NAMED, limit);
	}

	/**
	 * Step 7: a ranking in which each of the best three matches of a small server is
	 * followed by its server's other matches, best first, cut to the limit.
	 */
	private List<ToolMatch> together(List<ToolMatch> ranking, int limit) {
		List<ToolMatch> result = new ArrayList<>(Math.min(limit, ranking.size()));
		Set<String> placed = new HashSet<>();
		for (int i = 0; i < ranking.size() && result.size() < limit; i++) {
			ToolMatch match = ranking.get(i);
			if (!placed.add(match.name())) {
				continue;
			}
			result.add(match);
			String server = (i < LEADERS) ? this.smallServerOf.get(match.name()) : null;
			for (int j = i + 1; server != null && j < ranking.size() && result.size() < limit; j++) {
				ToolMatch sibling = ranking.get(j);
				if (server.equals(this.smallServerOf.get(sibling.name())) && placed.add(sibling.name())) {
					result.add(sibling);
				}
			}
		}
		return result;
	}

	/** The server of each tool whose server lists others, and at most that many tools. */
	private static Map<String, String> smallServers(List<SearchDocument> documents, int smallServer) {
		Map<String, Integer> sizes = new HashMap<>();
		documents.forEach((document) -> sizes.merge(document.server(), 1, Integer::sum));
		Map<String, String> small = new HashMap<>();
		for (SearchDocument document : documents) {
			int size = sizes.getOrDefault(document.server(), 0);
			if (size > 1 && size <= smallServer) {
				small.put(document.name(), document.server());
			}
		}
		return small;
	}

	/** One clause's ranking: steps 1 to 3 for its words alone; none when it abstains. */
	private List<ToolMatch> clause(String text, int limit, Seen seen) {
		Query query = Query.of(text);
		Evidence evidence = evidence(query, seen);
		return confident(evidence) ? ranked(scores(query, evidence), limit) : List.of();
	}

	/**
	 * What the rankings and past requests say of a query, before fusion. The coverage of
	 * the query's BM25 weight is read once here, by abstention and by the fusion alike;
	 * only with both rankings, the one case where either reads it.
	 */
	private Evidence evidence(Query query, Seen seen) {
		int depth = this.settings.depth();
		List<ToolMatch> lexical = (this.sparse != null)
				? this.sparse.search(query, depth, seen.visible(), seen.filter()) : List.of();
		return new Evidence(lexical,
				(this.dense != null) ? this.dense.search(query, depth, seen.visible(), seen.filter()) : List.of(),
				(this.dense != null) ? coverage(query, lexical) : 0, this.uses.votes(query, seen.filter()));
	}

	/**
	 * What one search may return: the tools its visibility sees, scored alone, and of
	 * those the ones the filter allows. The filter refuses what the visibility does not
	 * see, so what ranks by name (votes, exact names) asks the filter alone.
	 *
	 * @param visible the documents the visibility sees; null for all
	 * @param filter the filter
	 */
	private record Seen(@Nullable Visible visible, Predicate<String> filter) {

	}

	/** Steps 1 to 3. */
	private Map<String, Double> scores(Query query, Evidence evidence) {
		Map<String, Double> scores = fuse(query, evidence.lexical(), evidence.semantic(), evidence.coverage(),
				this.weights);
		evidence.votes().forEach((tool, vote) -> scores.merge(tool, vote, Double::sum));
		return scores;
	}

	/**
	 * The rankings' z-scores, weighted, with the server signal: steps 1 and 2.
	 * @param coverage the share of the query's BM25 weight its best lexical match covers
	 */
	private Map<String, Double> fuse(Query query, List<ToolMatch> lexical, List<ToolMatch> semantic, double coverage,
			FusionFit.Weights weights) {
		Map<String, Double> scores = new HashMap<>();
		addStandardized(scores, lexical, (weights.sparse() + weights.gap() * lead(lexical)) * wordShare(coverage));
		addStandardized(scores, semantic, this.settings.denseWeight());
		addServerStanding(scores, query);
		return scores;
	}

	private boolean confident(Evidence evidence) {
		List<ToolMatch> lexical = evidence.lexical();
		List<ToolMatch> semantic = evidence.semantic();
		if (this.dense == null) {
			return !lexical.isEmpty() || !evidence.votes().isEmpty();
		}
		double cosine = semantic.isEmpty() ? 0 : semantic.get(0).score();
		// A minimum of 0 turns abstention off, and without BM25 no word can support a
		// cosine: the band of word support goes with either.
		double minimum = this.settings.minSimilarity();
		double alone = (minimum > 0 && this.sparse != null) ? Math.max(minimum, this.settings.supportedSimilarity())
				: minimum;
		if (!semantic.isEmpty() && cosine >= alone) {
			return true;
		}
		double coverage = evidence.coverage();
		if (!semantic.isEmpty() && cosine >= minimum && coverage >= this.settings.minSupport()) {
			return true;
		}
		return coverage >= this.settings.minCoverage();
	}

	/**
	 * How much of BM25's weight counts for a query: all of it once its best match covers
	 * the settings' share of the query's weight, less in proportion below (a request that
	 * shares few words with every tool is worded its own way, and meaning decides it).
	 * Without a dense ranking there is no meaning to decide, and BM25 counts in full.
	 */
	private double wordShare(double coverage) {
		double full = this.settings.sparseCoverage();
		return (full > 0 && this.dense != null) ? Math.min(1, coverage / full) : 1;
	}

	/** The share of the query's BM25 weight its best lexical match covers, 0 without. */
	private double coverage(Query query, List<ToolMatch> lexical) {
		if (this.sparse == null || lexical.isEmpty()) {
			return 0;
		}
		double weight = this.sparse.weight(query);
		return (weight > 0) ? lexical.get(0).score() / weight : 0;
	}

	/** (best − second best) / best of a ranking, 0 with fewer than two matches. */
	private static double lead(List<ToolMatch> ranking) {
		if (ranking.size() < 2 || ranking.get(0).score() <= 0) {
			return 0;
		}
		return (ranking.get(0).score() - ranking.get(1).score()) / ranking.get(0).score();
	}

	private static void addStandardized(Map<String, Double> scores, List<ToolMatch> ranking, double weight) {
		if (ranking.isEmpty() || weight == 0) {
			return;
		}
		ZScores statistics = ZScores.of(ranking.stream().mapToDouble(ToolMatch::score).toArray());
		for (ToolMatch match : ranking) {
			scores.merge(match.name(), weight * statistics.z(match.score()), Double::sum);
		}
	}

	private void addServerStanding(Map<String, Double> scores, Query query) {
		if (this.servers == null || scores.isEmpty()) {
			return;
		}
		Function<String, Double> standing = this.servers.standing(query);
		double weight = this.settings.serverWeight();
		scores.replaceAll((tool, score) -> score + weight * standing.apply(tool));
	}

	private List<ToolMatch> ranked(Map<String, Double> scores, int limit) {
		List<Map.Entry<String, Double>> entries = new ArrayList<>(scores.entrySet());
		entries.sort(Map.Entry.<String, Double>comparingByValue()
			.reversed()
			.thenComparing((entry) -> this.order.getOrDefault(entry.getKey(), Integer.MAX_VALUE)));
		return entries.stream().limit(limit).map((entry) -> new ToolMatch(entry.getKey(), entry.getValue())).toList();
	}

	@Override
	public int size() {
		return this.order.size();
	}

	/**
	 * What the rankings and past requests say of one query.
	 *
	 * @param lexical BM25's top allowed matches, empty without BM25
	 * @param semantic the dense ranking's, empty without embeddings
	 * @param coverage the share of the query's BM25 weight the best lexical match covers;
	 * 0 without both rankings, where neither abstention nor the fusion reads it
	 * @param votes the votes of similar past requests
	 */
	private record Evidence(List<ToolMatch> lexical, List<ToolMatch> semantic, double coverage,
			Map<String, Double> votes) {

	}

}
