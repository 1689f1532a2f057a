package io.github.lazymcp.capability.internal.definition;

import org.jspecify.annotations.Nullable;

/**
 * A capability file that cannot be used, or capability files that contradict each other.
 * The message starts with {@code file:line:} when the problem has one place.
 */
public class CapabilityDefinitionException extends IllegalArgumentException {

	private final @Nullable String source;

	private final int line;

	private final @Nullable String setting;

	CapabilityDefinitionException(String source, int line, String problem) {
		super(source + ":" + line + ": " + problem);
		this.source = source;
		this.line = line;
		this.setting = null;
	}

	private CapabilityDefinitionException(String message, String setting) {
		super(message);
		this.source = null;
		this.line = 0;
		this.setting = setting;
	}

	/**
	 * A problem that spans several files, or none.
	 * @param message what is wrong, naming the files
	 */
	public CapabilityDefinitionException(String message) {
		super(message);
		this.source = null;
		this.line = 0;
		this.setting = null;
	}

	/**
	 * A setting that contradicts the capability files, such as a provider no file
	 * provides.
	 * @param setting the setting at fault, relative to the capabilities settings, e.g.
	 * {@code providers.database} or {@code taps[0]}
	 * @param message what is wrong, naming the setting and the files concerned
	 * @return the exception
	 */
	static CapabilityDefinitionException ofSetting(String setting, String message) {
		return new CapabilityDefinitionException(message, setting);
	}

	/**
	 * The file the problem is in.
	 * @return the file, or {@code null} when the problem spans several files
	 */
	public @Nullable String source() {
		return this.source;
	}

	/**
	 * The setting at fault, when the problem is a setting rather than a file.
	 * @return the setting relative to the capabilities settings ({@code taps[0]},
	 * {@code providers.database}), or {@code null}
	 */
	public @Nullable String setting() {
		return this.setting;
	}

	/**
	 * The 1-based line the problem is on.
	 * @return the line, or 0 when the problem spans several files
	 */
	public int line() {
		return this.line;
	}

}
