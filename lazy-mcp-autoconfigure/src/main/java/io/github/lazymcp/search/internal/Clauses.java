package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/*
 * A request often asks for several things in turn: "Find the trending repositories. For
 * the top one, read its wiki. Then draft an intro." Ranked as one text, the tools of the
 * need stated most strongly fill the top and the others' sink. So the request is also cut
 * into clauses by a fixed rule, the same for every catalog (it reads punctuation and a
 * few English words that say what comes next):
 *
 *   clauses = the text cut after every '.', '!', '?' or ';' followed by white space, and
 *             each piece cut again at "then", "and then", "after that", "afterwards" and
 *             "finally" (at its start, or after a blank or a comma; a comma may follow),
 *             keeping the pieces
 *             of at least MIN_WORDS words, at most MAX_CLAUSES of them, in order.
 *
 * A request of fewer than two such clauses is one need and is ranked as it is. A request
 * that was cut at one of those words says in which order its needs come ("ordered");
 * one cut only at sentence ends lists them, and its first sentence is often only the
 * setting ("I am planning a trip to Uganda."). ClauseOrder says how the clauses'
 * rankings join the whole request's.
 */

/**
 * The clauses of a request, in order, and whether it says in which order they come.
 * Immutable.
 *
 * @param texts the clauses in the request's order; fewer than two when it is one need
 * @param ordered whether the request states an order with one of the words the clauses
 * are cut at ("then", "finally"...), rather than only listing its needs
 */
record Clauses(List<String> texts, boolean ordered) {

	/** A piece shorter than this is not a need of its own ("Thanks.", "Then, go."). */
	static final int MIN_WORDS = 3;

	/** The most clauses ranked apart: each costs a ranking and an embedding. */
	static final int MAX_CLAUSES = 6;

	private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?;])\\s+");

	private static final Pattern SEQUENCE = Pattern
		.compile("(?i)(?:^|,?\\s+)(?:and then|then|after that|afterwards|finally)\\s*,?\\s+");

	private static final Pattern BLANKS = Pattern.compile("\\s+");

	Clauses {
		texts = List.copyOf(texts);
	}

	/**
	 * The clauses of a request, as described at the top of this file.
	 * @param text the request
	 * @return its clauses
	 */
	static Clauses of(String text) {
		List<String> clauses = new ArrayList<>();
		boolean ordered = false;
		for (String sentence : SENTENCE_END.split(text.strip())) {
			String[] pieces = SEQUENCE.split(sentence);
			ordered |= pieces.length > 1 || SEQUENCE.matcher(sentence).lookingAt();
			for (String piece : pieces) {
				String clause = piece.strip();
				if (clauses.size() < MAX_CLAUSES && BLANKS.split(clause).length >= MIN_WORDS) {
					clauses.add(clause);
				}
			}
		}
		return new Clauses(clauses, ordered);
	}

	/**
	 * Whether the request asks for more than one thing.
	 * @return whether it has two clauses or more
	 */
	boolean several() {
		return this.texts.size() > 1;
	}

}
