package io.github.lazymcp.tool;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Users paste documents, logs and code into their messages; the words around the paste
 * say what they want, the paste mostly adds noise that drags the embedding towards
 * whatever the pasted text is about. Removed, in this order: fenced code blocks (``` or
 * ~~~, an unclosed fence runs to the end), XML-like elements <tag ...>...</tag> (repeated
 * until none is left, so nested ones go too; a lone tag is kept, it may be prose), then
 * lines that look like logs or stack traces, and lines too long to be a request.
 */

/**
 * Takes pasted blocks out of a user message before it is ranked: what capability routing
 * and proactive attach match against.
 */
final class PastedText {

	/** A line longer than this is pasted content, not something a person typed. */
	static final int MAX_LINE = 300;

	private static final Pattern FENCE = Pattern.compile("(?s)(```|~~~).*?(\\1|\\z)");

	private static final Pattern ELEMENT = Pattern.compile("(?s)<([A-Za-z][\\w.:-]*)(\\s[^<>]*)?>.*?</\\1\\s*>");

	private static final Pattern LOG_LINE = Pattern.compile("^\\s*(\\[?\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}"
			+ "|\\d{2}:\\d{2}:\\d{2}[.,]\\d+|at [\\w.$]+\\(.*\\)|Caused by: |\\.\\.\\. \\d+ more"
			+ "|\\[?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\\]?[ :]|Traceback |File \".*\", line \\d+).*");

	private PastedText() {
	}

	/**
	 * The message without pasted blocks, with blank runs collapsed.
	 * @param message the user's message
	 * @return what is left, possibly empty
	 */
	static String strip(String message) {
		String text = FENCE.matcher(message).replaceAll(" ");
		String previous;
		do {
			previous = text;
			text = ELEMENT.matcher(text).replaceAll(Matcher.quoteReplacement(" "));
		}
		while (!text.equals(previous));
		StringBuilder kept = new StringBuilder();
		for (String line : text.split("\\R")) {
			if (line.length() <= MAX_LINE && !LOG_LINE.matcher(line).matches()) {
				kept.append(line.strip()).append('\n');
			}
		}
		return kept.toString().replaceAll("\\s+", " ").strip();
	}

}
