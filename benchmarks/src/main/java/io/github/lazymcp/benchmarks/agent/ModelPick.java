package io.github.lazymcp.benchmarks.agent;

/**
 * How the replay's scripted model picks the tool to call among those it was shown
 * ({@code replay}'s and {@code compare}'s {@code --model}). Neither ever calls a tool it
 * was not shown.
 */
public enum ModelPick {

	/**
	 * A capable model: it calls the right tool whenever it was shown one, wherever it was
	 * ranked.
	 */
	RIGHT,

	/**
	 * A model that trusts the ranking: for each call it calls the first tool of the last
	 * list it was shown (a search's result, in its order; in proactive mode before any
	 * search, the first request's tools; a result that shows nothing leaves the list
	 * before it) that it has not called in the task yet. A wrong pick costs the call and
	 * its result; the model then makes its search after a miss, once, and picks again
	 * from that result; a second wrong pick fails the task.
	 */
	TOP;

	/**
	 * The pick {@code --model} names.
	 * @param value {@code right} or {@code top}
	 * @return the pick
	 * @throws IllegalArgumentException for any other value
	 */
	public static ModelPick of(String value) {
		return switch (value) {
			case "right" -> RIGHT;
			case "top" -> TOP;
			default ->
				throw new IllegalArgumentException("--model must be 'right' or 'top', was '%s'".formatted(value));
		};
	}

}
