package io.github.lazymcp.benchmarks.agent;

/**
 * What the scripted model searches for first ({@code --query}): the task's text as the
 * user wrote it, or its content words, as a model that writes keyword queries would.
 * Either way the words are the user's; the search after a miss is the same for both.
 */
public enum FirstQuery {

	/** The task's text. */
	TEXT,

	/**
	 * The task's content words by {@link SearchQueries}' fixed rule (lower-cased, split
	 * at every character that is not a letter or a digit, without words of fewer than
	 * three characters and English function words), in order, each once; the text when
	 * none is left.
	 */
	WORDS;

	/**
	 * The query {@code --query} names.
	 * @param value {@code text} or {@code words}
	 * @return the query's form
	 * @throws IllegalArgumentException for any other value
	 */
	public static FirstQuery of(String value) {
		return switch (value) {
			case "text" -> TEXT;
			case "words" -> WORDS;
			default ->
				throw new IllegalArgumentException("--query must be 'text' or 'words', was '%s'".formatted(value));
		};
	}

	/**
	 * The first query for a task.
	 * @param task the task's text
	 * @return the query
	 */
	String query(String task) {
		if (this == TEXT) {
			return task;
		}
		String words = String.join(" ", SearchQueries.words(task));
		return words.isEmpty() ? task : words;
	}

}
