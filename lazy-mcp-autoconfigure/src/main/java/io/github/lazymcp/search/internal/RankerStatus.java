package io.github.lazymcp.search.internal;

import org.jspecify.annotations.Nullable;

/**
 * Which ranking ToolSearch's index is built with now, against the one configured: BM25
 * stands in for a dense or hybrid ranking while embeddings cannot be had. Independent of
 * the interim index, with which BM25 answers for new tools while a full index is built.
 *
 * @param configured the ranking configured ({@code bm25}, {@code dense}, {@code hybrid}),
 * or the id of the application's ranker
 * @param answering the ranking that answers: the configured one, or {@code bm25}
 * @param reason why BM25 answers instead of the configured ranking, or null when the
 * configured one answers
 */
public record RankerStatus(String configured, String answering, @Nullable String reason) {

	/** The id of the ranking that stands in. */
	static final String BM25 = "bm25";

	/**
	 * The configured ranking answers.
	 * @param id the ranking's id
	 * @return the status
	 */
	static RankerStatus answering(String id) {
		return new RankerStatus(id, id, null);
	}

	/**
	 * BM25 answers in place of the configured ranking.
	 * @param configured the configured ranking's id
	 * @param reason why
	 * @return the status
	 */
	static RankerStatus bm25Instead(String configured, String reason) {
		return new RankerStatus(configured, BM25, reason);
	}

	/** A ranker that knows whether it answers as configured. */
	interface Reporting {

		RankerStatus status();

	}

}
