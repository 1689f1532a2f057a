package io.github.lazymcp.tool;

import java.util.Objects;
import java.util.Set;

/**
 * The start of a user turn, as the listeners see it.
 *
 * <p>
 * Turns are counted from the request itself, so that the count needs no state and is the
 * same on every instance: {@code number} is how many user messages the request's prompt
 * holds, the new one included. With a chat memory that keeps the conversation, that is
 * the turn's position in the conversation; a memory that keeps only the last few messages
 * keeps the count at what it holds, and a request without memory is always turn 1.
 *
 * @param text the user's message as written
 * @param number how many user messages the prompt holds, at least 1
 * @param calledTools names of the tools whose calls the prompt's messages hold (what the
 * conversation's recent history shows was called)
 * @since 0.1.0
 */
public record UserTurn(String text, int number, Set<String> calledTools) {

	public UserTurn {
		Objects.requireNonNull(text, "text");
		if (number < 1) {
			throw new IllegalArgumentException("number must be at least 1, was " + number);
		}
		calledTools = Set.copyOf(calledTools);
	}

	/**
	 * The first turn of a conversation with no history.
	 * @param text the user's message
	 * @return the turn
	 */
	public static UserTurn first(String text) {
		return new UserTurn(text, 1, Set.of());
	}

	/**
	 * What the user asks for: the message without pasted blocks (code, documents, logs),
	 * which would drag a ranking towards what the paste is about. A request typed as one
	 * long line looks like a paste to {@link PastedText}; when nothing else is left, the
	 * beginning of each long line stands for it, so that it is not lost.
	 * @return the request, possibly empty
	 */
	public String request() {
		String request = PastedText.strip(this.text);
		if (!request.isEmpty()) {
			return request;
		}
		StringBuilder cut = new StringBuilder();
		for (String line : this.text.split("\\R")) {
			cut.append(line, 0, Math.min(line.length(), PastedText.MAX_LINE)).append('\n');
		}
		return PastedText.strip(cut.toString());
	}

}
