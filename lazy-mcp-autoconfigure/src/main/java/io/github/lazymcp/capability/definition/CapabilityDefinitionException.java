package io.github.lazymcp.capability.definition;

import org.jspecify.annotations.Nullable;

/**
 * A capability file that cannot be used, or capability files that contradict each other.
 * The message starts with {@code file:line:} when the problem has one place.
 */
public class CapabilityDefinitionException extends RuntimeException {

	private final @Nullable String source;

	private final int line;

	CapabilityDefinitionException(String source, int line, String problem) {
		super(source + ":" + line + ": " + problem);
		this.source = source;
		this.line = line;
	}

	/**
	 * A problem that spans several files, or none.
	 * @param message what is wrong, naming the files
	 */
	public CapabilityDefinitionException(String message) {
		super(message);
		this.source = null;
		this.line = 0;
	}

	/**
	 * The file the problem is in.
	 * @return the file, or {@code null} when the problem spans several files
	 */
	public @Nullable String source() {
		return this.source;
	}

	/**
	 * The 1-based line the problem is on.
	 * @return the line, or 0 when the problem spans several files
	 */
	public int line() {
		return this.line;
	}

}
