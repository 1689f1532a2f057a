package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.embedding.internal.UnitVectors;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import org.jspecify.annotations.Nullable;

/*
 * Learned uses vote as nearest neighbours, not as part of the tools' text. Appending past
 * requests to a tool's text (or averaging their vectors into it) lifts the used tools for
 * every query that shares a few words with them, so the tools nobody used yet sink. Here a
 * request votes only for the tools of the NEIGHBOURS past requests most similar to it, and
 * only by how far each similarity exceeds a floor: a request unlike anything seen before
 * gets no votes and is ranked as if nothing had been learned. Similarity is the cosine of
 * embeddings when a model is there, else the cosine of idf-weighted word vectors, so that
 * BM25-only deployments learn too.
 *
 * A query is compared with every distinct past request, once per search and once per
 * clause of the request. Past a twentieth of the catalog's tools (CLUSTERED_SHARE, and at
 * least MIN_CLUSTERED requests), that scan would cost more than a twentieth of the dense
 * ranking's each time, so the requests' embeddings are clustered as a large catalog's
 * tools are (VectorClusters) and a query is compared with the requests of the clusters
 * nearest it, about a third of them. What it can miss are requests in the other clusters:
 * the least similar, whose votes, which grow with the similarity above the floor, count
 * least. The centroids are trained at the first rebuild past that count and kept while
 * the requests stay between half and twice as many, so that a rebuild for a few new
 * requests places those alone.
 */

/**
 * The votes of past requests that led to successful calls, for the tools they called.
 * Immutable and thread-safe.
 */
final class UseVotes {

	/** How many of the most similar past requests vote. */
	static final int NEIGHBOURS = 10;

	/**
	 * The most uses (a request and a tool it called) that vote: at most this many
	 * distinct requests to compare a query with, fewer once they are clustered.
	 */
	static final int MAX_USES = 4096;

	/**
	 * Past this share of the catalog's tools, the distinct requests that vote by
	 * embedding are clustered: see the comment above.
	 */
	static final int CLUSTERED_SHARE = 20;

	/** The fewest distinct requests that are clustered, whatever the catalog. */
	static final int MIN_CLUSTERED = 256;

	/** What lexical votes compare texts with: their word vectors. */
	private static final Object WORDS = new Object();

	private static final UseVotes NONE = new UseVotes(new String[0], new int[0], new String[0], WORDS,
			(query) -> new double[0], null, 1, 0);

	/** The tool each use votes for. */
	private final String[] owners;

	/** The distinct texts, to tell whether a rebuild collected the same uses. */
	private final String[] distinct;

	/**
	 * What the similarities come from: the query embedder, or {@link #WORDS}; votes are
	 * reused only by votes of the same kind.
	 */
	private final Object basis;

	/**
	 * Each use's text, as a number into the distinct texts: one request that called
	 * several tools is one text, compared with a query once.
	 */
	private final int[] texts;

	/**
	 * The similarity of a query with each distinct text; below any floor for a text it
	 * was not compared with.
	 */
	private final Function<Query, double[]> similarities;

	/**
	 * The clusters of the distinct texts' embeddings, when a query is compared with the
	 * texts of the nearest clusters only; else null.
	 */
	private final @Nullable VectorClusters clusters;

	private final double floor;

	private final double weight;

	private UseVotes(String[] owners, int[] texts, String[] distinct, Object basis,
			Function<Query, double[]> similarities, @Nullable VectorClusters clusters, double floor, double weight) {
		this.owners = owners;
		this.texts = texts;
		this.distinct = distinct;
		this.basis = basis;
		this.similarities = similarities;
		this.clusters = clusters;
		this.floor = floor;
		this.weight = weight;
	}

	/**
	 * No learned uses: votes for nothing.
	 * @return the empty votes
	 */
	static UseVotes none() {
		return NONE;
	}

	/**
	 * Votes by the cosine of embeddings.
	 * @param documents the catalog with its learned uses
	 * @param previous the votes of the index this one replaces, returned as they are when
	 * the same uses vote (nothing is embedded then), or {@link #none()}
	 * @param embedder the unit vectors of the uses, in order; never a cache that persists
	 * them, since uses are users' requests
	 * @param queryEmbedder embeds a query, shared with the dense ranking
	 * @param queryPrefix the model's query prefix
	 * @param floor the cosine a past request must exceed to vote
	 * @param weight the vote of a past request identical to the query
	 * @return the votes
	 */
	static UseVotes embedded(List<SearchDocument> documents, UseVotes previous,
			Function<List<String>, List<float[]>> embedder, Function<String, float[]> queryEmbedder, String queryPrefix,
			double floor, double weight) {
		Collected uses = collect(documents);
		if (uses.isEmpty() || weight == 0) {
			return NONE;
		}
		if (uses.sameAs(previous, queryEmbedder, floor, weight)) {
			return previous;
		}
		List<String> texts = uses.distinct();
		List<float[]> embedded = embedder.apply(texts);
		UnitVectors vectors = UnitVectors.of(embedded);
		VectorClusters clusters = clusters(texts, embedded, previous, queryEmbedder, documents.size());
		if (clusters == null) {
			return uses.votes(queryEmbedder,
					(query) -> vectors.similarities(query.embedding(queryEmbedder, queryPrefix)), null, floor, weight);
		}
		return uses.votes(queryEmbedder, (query) -> {
			float[] vector = query.embedding(queryEmbedder, queryPrefix);
			double[] similarities = new double[vectors.size()];
			Arrays.fill(similarities, Double.NEGATIVE_INFINITY);
			vectors.similarities(vector, clusters.candidates(vector), similarities);
			return similarities;
		}, clusters, floor, weight);
	}

	/**
	 * The clusters of the distinct texts' embeddings, null below
	 * {@link #clusteredFrom(int)}. The previous votes' centroids are kept, and each text
	 * they held keeps its cluster, until the texts are twice or half as many as those the
	 * centroids were trained on: a rebuild for a few new requests places those alone.
	 */
	private static @Nullable VectorClusters clusters(List<String> texts, List<float[]> vectors, UseVotes previous,
			Object basis, int tools) {
		int from = clusteredFrom(tools);
		if (texts.size() < from) {
			return null;
		}
		VectorClusters last = previous.clusters;
		if (last == null || previous.basis != basis || texts.size() > 2 * last.trained()
				|| 2 * texts.size() < last.trained()) {
			return VectorClusters.of(vectors, from, VectorClusters.PROBES);
		}
		Map<String, Integer> before = new HashMap<>();
		for (int i = 0; i < previous.distinct.length; i++) {
			before.put(previous.distinct[i], i);
		}
		return last.with(vectors, (i) -> {
			Integer known = before.get(texts.get(i));
			return (known != null) ? last.clusterOf(known) : -1;
		});
	}

	/**
	 * How many distinct requests a catalog's votes by embedding take to be clustered.
	 * @param tools the catalog's tools
	 * @return the fewest clustered
	 */
	static int clusteredFrom(int tools) {
		return Math.max(MIN_CLUSTERED, tools / CLUSTERED_SHARE);
	}

	/**
	 * Votes by the cosine of idf-weighted word vectors.
	 * @param documents the catalog with its learned uses
	 * @param previous the votes of the index this one replaces, returned as they are when
	 * the same uses vote, or {@link #none()}
	 * @param floor the cosine a past request must exceed to vote
	 * @param weight the vote of a past request identical to the query
	 * @return the votes
	 */
	static UseVotes lexical(List<SearchDocument> documents, UseVotes previous, double floor, double weight) {
		Collected uses = collect(documents);
		if (uses.isEmpty() || weight == 0) {
			return NONE;
		}
		if (uses.sameAs(previous, WORDS, floor, weight)) {
			return previous;
		}
		WordVectors words = new WordVectors(uses.distinct(), uses.multiplicities());
		return uses.votes(WORDS, (query) -> words.similarities(query.text()), null, floor, weight);
	}

	/**
	 * Takes the uses round-robin over the tools, first use of every tool first, up to
	 * {@link #MAX_USES}: past that, every used tool keeps some evidence and the search
	 * stays within its time budget. A tool's distinct uses are listed only once a round
	 * reaches it: at 10,000 tools the first round fills the budget.
	 */
	private static Collected collect(List<SearchDocument> documents) {
		List<@Nullable List<String>> uses = new ArrayList<>(Collections.nCopies(documents.size(), null));
		Collected collected = new Collected();
		for (int round = 0; collected.size() < MAX_USES; round++) {
			boolean more = false;
			for (int i = 0; i < documents.size() && collected.size() < MAX_USES; i++) {
				List<String> distinct = uses.get(i);
				if (distinct == null) {
					distinct = List.copyOf(new LinkedHashSet<>(documents.get(i).uses()));
					uses.set(i, distinct);
				}
				if (round < distinct.size()) {
					collected.add(documents.get(i).name(), distinct.get(round));
					more = true;
				}
			}
			if (!more) {
				break;
			}
		}
		return collected;
	}

	/**
	 * Whether any use was learned.
	 * @return true when the votes can be non-empty
	 */
	boolean isEmpty() {
		return this.owners.length == 0;
	}

	/**
	 * The clusters of the past requests' embeddings, when a query is compared with those
	 * of the clusters nearest it only.
	 * @return the clusters past {@link #clusteredFrom(int)} distinct requests that vote
	 * by embedding, else null
	 */
	@Nullable VectorClusters clusters() {
		return this.clusters;
	}

	/**
	 * The votes for a query: per tool, the sum over the {@link #NEIGHBOURS} most similar
	 * past requests above the floor of {@code weight · (similarity − floor) / (1 − floor)
	 * / NEIGHBOURS}.
	 * @param query the request
	 * @param allowed which tools may receive votes
	 * @return the votes by qualified tool name, empty when no past request is similar
	 * enough
	 */
	Map<String, Double> votes(Query query, Predicate<String> allowed) {
		if (this.owners.length == 0 || query.text().isBlank()) {
			return Map.of();
		}
		double[] byText = this.similarities.apply(query);
		int count = 0;
		for (int text : this.texts) {
			if (byText[text] > this.floor) {
				count++;
			}
		}
		if (count == 0) {
			return Map.of();
		}
		// Only the uses above the floor, in the uses' order, so that equal similarities
		// rank as the uses do: a search allocates per similar use, not per use.
		int[] candidates = new int[count];
		double[] similarities = new double[count];
		String[] owners = new String[count];
		int at = 0;
		for (int i = 0; i < this.texts.length; i++) {
			double similarity = byText[this.texts[i]];
			if (similarity > this.floor) {
				candidates[at] = at;
				similarities[at] = similarity;
				owners[at++] = this.owners[i];
			}
		}
		Map<String, Double> votes = new LinkedHashMap<>();
		for (ToolIndex.ToolMatch neighbour : TopMatches.selectAllowed(candidates, count, similarities, owners,
				NEIGHBOURS, allowed)) {
			double vote = this.weight * (neighbour.score() - this.floor) / (1 - this.floor) / NEIGHBOURS;
			votes.merge(neighbour.name(), vote, Double::sum);
		}
		return votes;
	}

	/** The uses that vote, in order, and their distinct texts. */
	private static final class Collected {

		private final List<String> owners = new ArrayList<>();

		private final List<Integer> texts = new ArrayList<>();

		private final Map<String, Integer> distinct = new LinkedHashMap<>();

		void add(String owner, String text) {
			this.owners.add(owner);
			this.texts.add(this.distinct.computeIfAbsent(text, (added) -> this.distinct.size()));
		}

		int size() {
			return this.owners.size();
		}

		boolean isEmpty() {
			return this.owners.isEmpty();
		}

		List<String> distinct() {
			return List.copyOf(this.distinct.keySet());
		}

		/** How many uses have each distinct text. */
		int[] multiplicities() {
			int[] counts = new int[this.distinct.size()];
			this.texts.forEach((text) -> counts[text]++);
			return counts;
		}

		/** Whether some votes were made of exactly these uses, the same way. */
		boolean sameAs(UseVotes votes, Object basis, double floor, double weight) {
			if (votes.basis != basis || votes.floor != floor || votes.weight != weight
					|| votes.owners.length != this.owners.size() || votes.distinct.length != this.distinct.size()) {
				return false;
			}
			for (int i = 0; i < votes.owners.length; i++) {
				if (votes.texts[i] != this.texts.get(i) || !votes.owners[i].equals(this.owners.get(i))) {
					return false;
				}
			}
			int i = 0;
			for (String text : this.distinct.keySet()) {
				if (!votes.distinct[i++].equals(text)) {
					return false;
				}
			}
			return true;
		}

		UseVotes votes(Object basis, Function<Query, double[]> similarities, @Nullable VectorClusters clusters,
				double floor, double weight) {
			return new UseVotes(this.owners.toArray(String[]::new),
					this.texts.stream().mapToInt(Integer::intValue).toArray(),
					this.distinct.keySet().toArray(String[]::new), basis, similarities, clusters, floor, weight);
		}

	}

	/** Idf-weighted, L2-normalised bags of words, searched through postings. */
	private static final class WordVectors {

		private final Map<String, List<double[]>> postings = new HashMap<>();

		private final Map<String, Double> idf = new HashMap<>();

		private final int size;

		/**
		 * Weighs the words of some texts.
		 * @param texts the distinct texts
		 * @param multiplicities how many uses have each text: the idf counts every use
		 */
		WordVectors(List<String> texts, int[] multiplicities) {
			this.size = texts.size();
			int uses = 0;
			List<Map<String, Integer>> counts = new ArrayList<>();
			Map<String, Integer> frequency = new HashMap<>();
			for (int i = 0; i < texts.size(); i++) {
				int times = multiplicities[i];
				uses += times;
				Map<String, Integer> terms = new LinkedHashMap<>();
				TextAnalyzer.tokens(texts.get(i)).forEach((term) -> terms.merge(term, 1, Integer::sum));
				terms.keySet().forEach((term) -> frequency.merge(term, times, Integer::sum));
				counts.add(terms);
			}
			int all = uses;
			frequency.forEach((term, df) -> this.idf.put(term, Postings.idf(all, df)));
			for (int i = 0; i < counts.size(); i++) {
				Map<String, Double> vector = weigh(counts.get(i));
				for (Map.Entry<String, Double> entry : vector.entrySet()) {
					this.postings.computeIfAbsent(entry.getKey(), (k) -> new ArrayList<>())
						.add(new double[] { i, entry.getValue() });
				}
			}
		}

		double[] similarities(String text) {
			Map<String, Integer> terms = new LinkedHashMap<>();
			TextAnalyzer.tokens(text).forEach((term) -> terms.merge(term, 1, Integer::sum));
			double[] similarities = new double[this.size];
			weigh(terms).forEach((term, weight) -> {
				for (double[] posting : this.postings.getOrDefault(term, List.of())) {
					similarities[(int) posting[0]] += weight * posting[1];
				}
			});
			return similarities;
		}

		private Map<String, Double> weigh(Map<String, Integer> counts) {
			Map<String, Double> vector = new LinkedHashMap<>();
			double norm = 0;
			for (Map.Entry<String, Integer> entry : counts.entrySet()) {
				@Nullable Double idf = this.idf.get(entry.getKey());
				if (idf != null) {
					double weight = (1 + Math.log(entry.getValue())) * idf;
					vector.put(entry.getKey(), weight);
					norm += weight * weight;
				}
			}
			double length = Math.sqrt(norm);
			vector.replaceAll((term, weight) -> weight / length);
			return vector;
		}

	}

}
