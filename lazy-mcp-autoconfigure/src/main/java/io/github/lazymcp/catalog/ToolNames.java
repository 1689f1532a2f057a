package io.github.lazymcp.catalog;

import java.util.Locale;

/**
 * Model-facing tool names. Real servers collide ({@code read_file} is offered by
 * several), so every MCP tool is named {@code server__tool}: characters outside
 * {@code [A-Za-z0-9_-]} are dropped and the result fits the 64-character limit providers
 * enforce, with a short hash of the full name replacing the tail of longer names.
 */
final class ToolNames {

	static final String SEPARATOR = "__";

	static final int MAX_LENGTH = 64;

	private ToolNames() {
	}

	static String qualified(String server, String tool) {
		String name = clean(server) + SEPARATOR + clean(tool);
		if (name.length() <= MAX_LENGTH) {
			return name;
		}
		String hash = Integer.toHexString((server + '/' + tool).hashCode()).toLowerCase(Locale.ROOT);
		return name.substring(0, MAX_LENGTH - hash.length() - 1) + "_" + hash;
	}

	static String prefix(String server) {
		return clean(server);
	}

	private static String clean(String part) {
		String cleaned = part.replaceAll("[^A-Za-z0-9_-]", "");
		return cleaned.isEmpty() ? "x" : cleaned;
	}

}
