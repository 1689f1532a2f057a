package io.github.lazymcp.benchmarks.bill;

/**
 * One piece of a model request, in the order a provider reads the prompt: a tool
 * definition, the system text, or a message. Two blocks with the same key are the same
 * bytes, which is all a prompt cache compares.
 *
 * @param kind what the block is
 * @param label the tool's name for a tool or a tool call, else the kind's name
 * @param key a 64-bit hash of the block's exact content
 * @param tokens its o200k tokens
 */
public record PromptBlock(Kind kind, String label, long key, int tokens) {

	static PromptBlock tool(String name, String definition, int tokens) {
		return new PromptBlock(Kind.TOOL, name, hash(definition), tokens);
	}

	static PromptBlock text(Kind kind, String label, String text, int tokens) {
		return new PromptBlock(kind, label, hash(kind.name() + '\n' + text), tokens);
	}

	/** FNV-1a over the characters: collisions are negligible at these counts. */
	static long hash(String text) {
		long hash = 0xcbf29ce484222325L;
		for (int i = 0; i < text.length(); i++) {
			hash = (hash ^ text.charAt(i)) * 0x100000001b3L;
		}
		return hash;
	}

	/** What a block is. */
	public enum Kind {

		/** A tool definition in the request's {@code tools}. */
		TOOL,

		/**
		 * The system text: lazy-mcp's guidance (the application's own is the same on
		 * every side and left out).
		 */
		SYSTEM,

		/** The user's request. */
		USER,

		/** A tool call the model made: an assistant message. */
		CALL,

		/** The result of a ToolSearch call. */
		SEARCH_RESULT,

		/** The result of any other tool call. */
		RESULT

	}

}
