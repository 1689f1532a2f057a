package io.github.lazymcp.search.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.jspecify.annotations.Nullable;

/**
 * Okapi BM25, the lexical ranking, kept as an inverted index from term to
 * {@link Postings}, so that a query only touches documents sharing one of its terms.
 * <p>
 * Each tool is one bag of words made of its server name, tool name, description,
 * parameter names and parameter descriptions, tokenized by {@link TextAnalyzer}. For a
 * query {@code Q} the score of document {@code D} is <pre>
 * score(D, Q) = Σ over terms t of Q:  idf(t) · tf(t, D) · (k1 + 1) / (tf(t, D) + k1 · (1 − b + b · |D| / avgdl))
 * idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))
 * </pre> where {@code tf(t, D)} is how often {@code t} occurs in {@code D}, {@code |D|}
 * the number of tokens of {@code D}, {@code avgdl} the mean of {@code |D|} over the
 * catalog, {@code N} the number of documents and {@code df(t)} the number of documents
 * containing {@code t}. A term repeated in the query counts once: users repeat words for
 * grammar, not emphasis. {@code k1} controls how quickly repeated occurrences of a term
 * stop adding to the score, {@code b} how strongly long documents are penalized (see
 * {@link io.github.lazymcp.search.RankingSettings}). The idf variant is Lucene's: it
 * never goes negative, so a term present in more than half of the catalog still adds a
 * little instead of pushing matching tools below non-matching ones.
 * <p>
 * What does not depend on the query (each term's idf, each document's length
 * normalization) is computed once, when the index is built. Never modified after
 * construction, hence safe to share between threads.
 */
final class Bm25Index implements ToolIndex {

	private final String[] names;

	private final Map<String, Postings> postings;

	/** Per document: {@code k1 · (1 − b + b · |D| / avgdl)}. */
	private final double[] lengthNorms;

	private final double k1;

	Bm25Index(List<SearchDocument> documents, double k1, double b) {
		List<SearchDocument> catalog = List.copyOf(documents);
		this.names = uniqueNames(catalog);
		this.k1 = k1;
		int[] lengths = new int[catalog.size()];
		Map<String, Postings.Builder> builders = new HashMap<>();
		for (int document = 0; document < lengths.length; document++) {
			List<String> terms = terms(catalog.get(document));
			lengths[document] = terms.size();
			addPostings(builders, document, counts(terms));
		}
		this.lengthNorms = lengthNorms(lengths, k1, b);
		Map<String, Postings> postings = new HashMap<>(builders.size() * 2);
		builders.forEach((term, builder) -> postings.put(term, builder.build(lengths.length)));
		this.postings = postings;
	}

	@Override
	public List<ToolMatch> search(Query query, int limit) {
		return search(query, limit, (name) -> true);
	}

	@Override
	public List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
		return search(query, limit, (Visible) null, allowed);
	}

	/**
	 * Ranks the documents a visibility sees, passing over the others' postings.
	 * @param query the request
	 * @param limit the maximum number of matches, at least 1
	 * @param visible the documents to score; null for all
	 * @param allowed which of them may be returned
	 * @return best allowed match first
	 */
	List<ToolMatch> search(Query query, int limit, @Nullable Visible visible, Predicate<String> allowed) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be >= 1, but was " + limit);
		}
		double[] scores = new double[this.names.length];
		int[] touched = new int[this.names.length];
		int count = 0;
		for (String term : new LinkedHashSet<>(TextAnalyzer.tokens(query.text()))) {
			Postings matching = this.postings.get(term);
			if (matching != null) {
				count = accumulate(matching, visible, scores, touched, count);
			}
		}
		if (count == 0) {
			return List.of();
		}
		return TopMatches.selectAllowed(touched, count, scores, this.names, limit, allowed);
	}

	/**
	 * What a document of average length that contains every term of the query once would
	 * score: the sum of the idf of the query's distinct terms, a term no tool contains
	 * counting as the rarest possible. The best score over this weight says how much of
	 * the query the best match covers, so that words no tool knows make a request less
	 * covered, not more.
	 * @param query the request
	 * @return the weight, 0 for a query without terms
	 */
	double weight(Query query) {
		double unknown = Postings.idf(this.names.length, 0);
		double weight = 0;
		for (String term : new LinkedHashSet<>(TextAnalyzer.tokens(query.text()))) {
			Postings matching = this.postings.get(term);
			weight += (matching != null) ? matching.idf() : unknown;
		}
		return weight;
	}

	private int accumulate(Postings matching, @Nullable Visible visible, double[] scores, int[] touched, int count) {
		double weight = matching.idf() * (this.k1 + 1);
		for (int i = 0; i < matching.size(); i++) {
			int document = matching.document(i);
			if (visible != null && !visible.sees(document)) {
				continue;
			}
			int frequency = matching.frequency(i);
			// Every contribution is positive, so a zero score means "not seen yet".
			if (scores[document] == 0) {
				touched[count++] = document;
			}
			// Saturation first: with k1 = 0 it is exactly 1, so documents that tie
			// mathematically also tie in floating point.
			scores[document] += weight * (frequency / (frequency + this.lengthNorms[document]));
		}
		return count;
	}

	@Override
	public int size() {
		return this.names.length;
	}

	private static String[] uniqueNames(List<SearchDocument> catalog) {
		String[] names = new String[catalog.size()];
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < names.length; i++) {
			names[i] = catalog.get(i).name();
			if (!seen.add(names[i])) {
				throw new IllegalArgumentException("Duplicate tool name '" + names[i] + "' in catalog");
			}
		}
		return names;
	}

	private static List<String> terms(SearchDocument document) {
		List<String> terms = TextAnalyzer.tokens(document.server());
		terms.addAll(TextAnalyzer.tokens(document.toolName()));
		terms.addAll(TextAnalyzer.tokens(document.description()));
		document.hints().forEach((hint) -> terms.addAll(TextAnalyzer.tokens(hint)));
		for (SearchDocument.Parameter parameter : document.parameters()) {
			terms.addAll(TextAnalyzer.tokens(parameter.name()));
			terms.addAll(TextAnalyzer.tokens(parameter.description()));
		}
		return terms;
	}

	private static Map<String, Integer> counts(List<String> terms) {
		// Insertion order keeps floating-point summation, and thus ties, reproducible.
		Map<String, Integer> counts = new LinkedHashMap<>();
		for (String term : terms) {
			counts.merge(term, 1, Integer::sum);
		}
		return counts;
	}

	private static void addPostings(Map<String, Postings.Builder> builders, int document, Map<String, Integer> counts) {
		counts.forEach(
				(term, count) -> builders.computeIfAbsent(term, (key) -> new Postings.Builder()).add(document, count));
	}

	private static double[] lengthNorms(int[] lengths, double k1, double b) {
		long total = 0;
		for (int length : lengths) {
			total += length;
		}
		double averageLength = (double) total / Math.max(1, lengths.length);
		double[] norms = new double[lengths.length];
		for (int i = 0; i < lengths.length; i++) {
			// A catalog of empty documents has no postings, so its norms are never read.
			norms[i] = (averageLength > 0) ? k1 * (1 - b + b * lengths[i] / averageLength) : k1;
		}
		return norms;
	}

}
