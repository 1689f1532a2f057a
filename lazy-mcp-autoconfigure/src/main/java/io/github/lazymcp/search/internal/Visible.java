package io.github.lazymcp.search.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import org.jspecify.annotations.Nullable;

/**
 * The documents of an index one {@link ToolIndex.Visibility} sees, asked once: what a
 * search of that identity scores. Immutable.
 */
final class Visible {

	/** Whether each document, by number, is seen. */
	private final boolean[] seen;

	/** The numbers of the seen documents, ascending. */
	private final int[] documents;

	private Visible(boolean[] seen, int[] documents) {
		this.seen = seen;
		this.documents = documents;
	}

	private static Visible of(List<SearchDocument> catalog, ToolIndex.Visibility visibility) {
		boolean[] seen = new boolean[catalog.size()];
		int[] documents = new int[catalog.size()];
		int count = 0;
		for (int i = 0; i < seen.length; i++) {
			seen[i] = visibility.sees(catalog.get(i));
			if (seen[i]) {
				documents[count++] = i;
			}
		}
		return new Visible(seen, Arrays.copyOf(documents, count));
	}

	/**
	 * Whether a document is seen.
	 * @param document its number
	 * @return true when it is
	 */
	boolean sees(int document) {
		return this.seen[document];
	}

	/**
	 * The seen documents' numbers, ascending; callers must not change the array.
	 * @return the numbers
	 */
	int[] documents() {
		return this.documents;
	}

	/**
	 * What each visibility sees of one catalog snapshot, kept while the index lives, by
	 * the visibility's identity: one look at every document per identity and change of
	 * what it sees, instead of one per search. At most {@link #MAX} are kept; past that,
	 * all are dropped and asked again as searches need them (an index is replaced with
	 * each catalog change, and a visibility with each change of what it sees).
	 */
	static final class Kept {

		/** How many visibilities one index keeps the answers of. */
		static final int MAX = 1024;

		private final List<SearchDocument> catalog;

		private final Map<ToolIndex.Visibility, Visible> kept = new ConcurrentHashMap<>();

		Kept(List<SearchDocument> catalog) {
			this.catalog = catalog;
		}

		/**
		 * What a visibility sees.
		 * @param visibility the visibility
		 * @return the seen documents; null for {@link ToolIndex.Visibility#ALL}, which
		 * sees them all
		 */
		@Nullable Visible of(ToolIndex.Visibility visibility) {
			if (visibility == ToolIndex.Visibility.ALL) {
				return null;
			}
			Visible visible = this.kept.get(visibility);
			if (visible == null) {
				if (this.kept.size() >= MAX) {
					this.kept.clear();
				}
				visible = Visible.of(this.catalog, visibility);
				this.kept.put(visibility, visible);
			}
			return visible;
		}

	}

}
