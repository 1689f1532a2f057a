package io.github.lazymcp.settings.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The name patterns of lazy-mcp's settings ({@code servers.<name>.allow}/{@code deny}/
 * {@code pinned}, access policies): {@code *} matches any run of characters, everything
 * else matches itself.
 */
public final class NamePatterns {

	private NamePatterns() {
	}

	/**
	 * Whether a name matches a pattern.
	 * @param pattern the pattern
	 * @param name the name
	 * @return true when the whole name matches
	 */
	public static boolean matches(String pattern, String name) {
		if (!pattern.contains("*")) {
			return pattern.equals(name);
		}
		StringBuilder regex = new StringBuilder();
		for (String part : pattern.split("\\*", -1)) {
			if (!regex.isEmpty()) {
				regex.append(".*");
			}
			regex.append(Pattern.quote(part));
		}
		return name.matches(regex.toString());
	}

	/**
	 * Whether a name matches any of the patterns.
	 * @param patterns the patterns
	 * @param name the name
	 * @return true when one matches
	 */
	public static boolean matchesAny(List<String> patterns, String name) {
		return patterns.stream().anyMatch((pattern) -> matches(pattern, name));
	}

}
