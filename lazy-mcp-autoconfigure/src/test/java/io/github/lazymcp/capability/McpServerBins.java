package io.github.lazymcp.capability;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real MCP servers installed by {@code npm ci} in {@code mcp-servers/}, found by
 * walking up from the working directory (the module directory under Maven).
 */
final class McpServerBins {

	private McpServerBins() {
	}

	static String bin(String name) {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			Path bin = dir.resolve("mcp-servers/node_modules/.bin").resolve(name);
			if (Files.isExecutable(bin)) {
				return bin.toString();
			}
		}
		throw new IllegalStateException(
				"%s not found above %s; run 'npm ci' in mcp-servers/".formatted(name, Path.of("").toAbsolutePath()));
	}

}
