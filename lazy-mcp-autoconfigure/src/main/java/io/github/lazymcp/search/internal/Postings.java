package io.github.lazymcp.search.internal;

import java.util.Arrays;

/**
 * The documents containing one term, in ascending document order, with the term's
 * frequency in each and its precomputed idf. Never modified once built.
 */
final class Postings {

	private final int[] documents;

	private final int[] frequencies;

	private final double idf;

	private Postings(int[] documents, int[] frequencies, double idf) {
		this.documents = documents;
		this.frequencies = frequencies;
		this.idf = idf;
	}

	int size() {
		return this.documents.length;
	}

	int document(int i) {
		return this.documents[i];
	}

	int frequency(int i) {
		return this.frequencies[i];
	}

	double idf() {
		return this.idf;
	}

	/**
	 * The non-negative BM25 (Lucene) idf of a term.
	 * @param documentCount the number of documents
	 * @param containing how many of them contain the term; 0 for a term none contains,
	 * the rarest possible
	 * @return {@code ln(1 + (N − df + 0.5) / (df + 0.5))}
	 */
	static double idf(int documentCount, int containing) {
		return Math.log1p((documentCount - containing + 0.5) / (containing + 0.5));
	}

	/**
	 * Collects postings while documents are added in ascending order.
	 */
	static final class Builder {

		private int[] documents = new int[4];

		private int[] frequencies = new int[4];

		private int size;

		void add(int document, int frequency) {
			if (this.size == this.documents.length) {
				this.documents = Arrays.copyOf(this.documents, this.size * 2);
				this.frequencies = Arrays.copyOf(this.frequencies, this.size * 2);
			}
			this.documents[this.size] = document;
			this.frequencies[this.size] = frequency;
			this.size++;
		}

		/**
		 * Freezes the postings, computing the non-negative BM25 idf.
		 * @param documentCount the number of documents in the catalog
		 * @return the immutable postings
		 */
		Postings build(int documentCount) {
			double idf = idf(documentCount, this.size);
			return new Postings(Arrays.copyOf(this.documents, this.size), Arrays.copyOf(this.frequencies, this.size),
					idf);
		}

	}

}
