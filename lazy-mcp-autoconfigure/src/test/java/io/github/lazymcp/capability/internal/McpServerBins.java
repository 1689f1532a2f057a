package io.github.lazymcp.capability.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.capability.internal.definition.ServerDefinition;

/**
 * The real MCP servers installed by {@code npm ci} in {@code mcp-servers/}, found by
 * walking up from the working directory (the module directory under Maven), and the
 * capability server definitions the tests start them with.
 */
public final class McpServerBins {

	private McpServerBins() {
	}

	/**
	 * The memory server, named {@code memory}, keeping its graph in the given file.
	 */
	public static ServerDefinition memory(Path file) {
		return new ServerDefinition.Stdio("memory", bin("mcp-server-memory"), List.of(),
				Map.of("MEMORY_FILE_PATH", file.toString()));
	}

	/**
	 * The filesystem server, named {@code filesystem}, allowed into the given folder
	 * only.
	 */
	public static ServerDefinition filesystem(Path dir) {
		return new ServerDefinition.Stdio("filesystem", bin("mcp-server-filesystem"), List.of(dir.toString()),
				Map.of());
	}

	public static String bin(String name) {
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
