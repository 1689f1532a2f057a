package io.github.lazymcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the integration tests: the folder the real filesystem and memory servers work
 * in (it must exist before they start), with a note the filesystem tools can read.
 */
abstract class RealMcpServers {

	static final Path WORKSPACE = workspace();

	@DynamicPropertySource
	static void workspace(DynamicPropertyRegistry registry) {
		registry.add("it.workspace", WORKSPACE::toString);
	}

	private static Path workspace() {
		try {
			Path dir = Files.createTempDirectory("lazy-mcp-it").toRealPath();
			Files.writeString(dir.resolve("notes.txt"), "The secret word is pelican.\n");
			return dir;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
