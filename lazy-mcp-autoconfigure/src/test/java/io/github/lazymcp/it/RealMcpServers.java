package io.github.lazymcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;

import io.github.lazymcp.activation.Postgres;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Base of the integration tests: the folder the real filesystem and memory servers work
 * in (it must exist before they start), with a note the filesystem tools can read; and
 * how a test kills a stdio server.
 */
abstract class RealMcpServers {

	static final Path WORKSPACE = workspace();

	@DynamicPropertySource
	static void workspace(DynamicPropertyRegistry registry) {
		registry.add("it.workspace", WORKSPACE::toString);
	}

	/**
	 * Starts one more instance of the test app, its sessions on the shared PostgreSQL.
	 * @param instances where the instance is added, for the test to close
	 * @return the running instance
	 */
	static ConfigurableApplicationContext instanceOnSharedPostgres(List<ConfigurableApplicationContext> instances) {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(McpTestApplication.class)
			.web(WebApplicationType.NONE)
			.properties("it.workspace=" + WORKSPACE)
			.properties(Postgres.shared().sessionStoreProperties())
			.run();
		instances.add(context);
		return context;
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

	/**
	 * An argument that marks the processes of one stdio server of one test class. The
	 * servers the tests kill ignore it: the everything server reads only its first
	 * argument, the memory server none.
	 * @param server the connection name
	 * @return the marker
	 */
	static String processMarker(String server) {
		return server + "-" + UUID.randomUUID();
	}

	/**
	 * Kills the processes that have the marker among their arguments, and waits until
	 * they have ended. A test finds the process that serves a stdio server this way, not
	 * through the client Spring AI made: lazy-mcp may have reconnected the server since
	 * (a ping that timed out on a busy machine), and then another process serves it.
	 * @param marker the marker, from {@link #processMarker(String)}
	 */
	static void killProcessesWith(String marker) throws InterruptedException, ExecutionException {
		List<ProcessHandle> serving = ServerProcesses.withArgument(marker);
		assertThat(serving).as("the processes with the argument " + marker).isNotEmpty();
		for (ProcessHandle process : serving) {
			process.destroyForcibly();
			process.onExit().get();
		}
	}

}
