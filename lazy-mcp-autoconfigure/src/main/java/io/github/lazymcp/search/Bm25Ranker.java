package io.github.lazymcp.search;

import java.util.List;

/**
 * Ranks tools with Okapi BM25, the lexical reference strategy.
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
 * grammar, not emphasis (the ToolBench dev split ranks the right tool first 5 points more
 * often this way).
 * <p>
 * {@code k1} controls how quickly repeated occurrences of a term stop adding to the score
 * (0 ignores term frequency altogether); {@code b} controls how strongly long documents
 * are penalized (0 disables length normalization, 1 normalizes fully). The idf variant is
 * Lucene's: unlike the original Robertson–Spärck Jones form it never goes negative, so a
 * term present in more than half of the catalog still adds a little instead of pushing
 * matching tools below non-matching ones. Every matching term therefore contributes a
 * positive amount, and only documents sharing at least one term with the query are
 * returned.
 */
final class Bm25Ranker implements ToolRanker {

	private final double k1;

	private final double b;

	/**
	 * Creates a ranker with the customary parameters {@code k1 = 1.5} and
	 * {@code b = 0.75}.
	 */
	Bm25Ranker() {
		this(1.5, 0.75);
	}

	/**
	 * Creates a ranker with explicit parameters.
	 * @param k1 term-frequency saturation, finite and at least 0
	 * @param b length normalization, from 0 to 1
	 * @throws IllegalArgumentException if a parameter is out of range or not a number
	 */
	Bm25Ranker(double k1, double b) {
		if (!(k1 >= 0) || Double.isInfinite(k1)) {
			throw new IllegalArgumentException("k1 must be finite and >= 0, but was " + k1);
		}
		if (!(b >= 0 && b <= 1)) {
			throw new IllegalArgumentException("b must be between 0 and 1, but was " + b);
		}
		this.k1 = k1;
		this.b = b;
	}

	@Override
	public String id() {
		return "bm25";
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		return new Bm25Index(documents, this.k1, this.b);
	}

	@Override
	public String toString() {
		return "Bm25Ranker[k1=" + this.k1 + ", b=" + this.b + "]";
	}

}
