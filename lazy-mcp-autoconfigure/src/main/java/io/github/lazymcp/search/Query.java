package io.github.lazymcp.search;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One search request's text, and its embeddings once somebody needed them. Everything
 * that ranks the same request (the dense index, the capability router, a hint) asks the
 * query for its vector, so the text is embedded once per search whoever needs it.
 * Thread-safe; not meant to outlive the search it was made for.
 *
 * @since 0.1.0
 */
public final class Query {

	private final String text;

	private final Map<Key, float[]> embeddings;

	private final boolean nearest;

	private Query(String text, Map<Key, float[]> embeddings, boolean nearest) {
		this.text = Objects.requireNonNull(text, "text");
		this.embeddings = embeddings;
		this.nearest = nearest;
	}

	/**
	 * A query for a text.
	 * @param text what the user or the model wants, in words
	 * @return the query
	 */
	public static Query of(String text) {
		return new Query(text, new ConcurrentHashMap<>(2), false);
	}

	/**
	 * This query, asking for the nearest tools even where an index would abstain because
	 * none is close enough: what a search shows the model as names to judge when it found
	 * nothing. Shares this query's embeddings.
	 * @return the query
	 * @since 0.1.0
	 */
	public Query nearest() {
		return new Query(this.text, this.embeddings, true);
	}

	/**
	 * Whether an index should answer with its nearest tools rather than abstain.
	 * @return true for a query made by {@link #nearest()}
	 * @since 0.1.0
	 */
	public boolean isNearest() {
		return this.nearest;
	}

	/**
	 * The text.
	 * @return the text as given
	 */
	public String text() {
		return this.text;
	}

	/**
	 * The embedding of {@code prefix + text}, computed by the embedder the first time it
	 * is asked for and shared afterwards. Callers must not change the returned array.
	 * @param embedder embeds one text into a unit vector; the same function object must
	 * be passed for the vector to be shared
	 * @param prefix text some models want before a query; empty for none
	 * @return the vector
	 */
	public float[] embedding(Function<String, float[]> embedder, String prefix) {
		return this.embeddings.computeIfAbsent(new Key(embedder, prefix), (key) -> embedder.apply(prefix + this.text));
	}

	@Override
	public String toString() {
		return "Query[" + this.text.length() + " characters]";
	}

	private record Key(Object embedder, String prefix) {

	}

}
