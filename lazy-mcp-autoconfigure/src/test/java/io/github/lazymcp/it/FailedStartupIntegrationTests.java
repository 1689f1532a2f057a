package io.github.lazymcp.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A start that fails ends, as a process supervisor (Kubernetes, systemd) needs it to: the
 * JVM exits with a non-zero code and leaves no MCP server process behind, whatever
 * failed. The test app runs in a JVM of its own with the four real stdio servers of the
 * integration tests; every server process gets an argument that marks it as this run's
 * (the filesystem server through its folder), so that the test can count the ones alive
 * once the JVM is gone. How long the JVM takes to exit is bounded only so that a JVM that
 * hangs ends the test; it is printed, not asserted.
 */
class FailedStartupIntegrationTests {

	private static final Duration START = Duration.ofMinutes(3);

	private static final Duration EXIT = Duration.ofSeconds(60);

	static Stream<Arguments> failures() {
		return Stream.of(
				Arguments.of("a broken capability file", List.of("--tools.lazy-mcp.capabilities.locations=file:%s/")),
				Arguments.of("an impossible property", List.of("--tools.lazy-mcp.search.readiness-wait=-1s")),
				Arguments.of("a server that cannot start",
						List.of("--spring.ai.mcp.client.stdio.connections.%s.command=/no/such/mcp-server"
							.formatted(startedLast()))));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("failures")
	void aStartThatFailsEndsTheJvmAndEveryServerProcessItStarted(String failure, List<String> properties)
			throws Exception {
		String marker = "failed-start-" + UUID.randomUUID();
		Path workspace = Files.createTempDirectory(marker).toRealPath();
		Path capabilities = Files.createDirectories(workspace.resolve("capabilities"));
		Files.writeString(capabilities.resolve("broken.toml"), "name = \"broken\n[server\ncommand =\n");
		List<String> arguments = new ArrayList<>(List.of("--it.workspace=" + workspace,
				"--spring.ai.mcp.client.stdio.connections.everything.args[0]=stdio",
				"--spring.ai.mcp.client.stdio.connections.everything.args[1]=" + marker,
				"--spring.ai.mcp.client.stdio.connections.memory.args[0]=" + marker,
				"--spring.ai.mcp.client.stdio.connections.sequential-thinking.args[0]=" + marker));
		properties.forEach((property) -> arguments.add(property.formatted(capabilities)));
		long before = serverProcesses(marker, -1).count();

		Child child = Child.start(arguments);
		Set<Long> seen = ConcurrentHashMap.newKeySet();
		boolean failed = child.awaitOutput("RUN FAILED", START,
				() -> serverProcesses(marker, child.pid()).forEach((process) -> seen.add(process.pid())));
		long failedAt = System.nanoTime();
		boolean exited = child.process.waitFor(EXIT.toSeconds(), TimeUnit.SECONDS);
		long exitedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failedAt);
		List<ProcessHandle> left = List.of();
		if (exited) {
			await("the server processes to end").atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> serverProcesses(marker, child.pid()).findAny().isEmpty());
		}
		else {
			left = serverProcesses(marker, child.pid()).toList();
			child.process.destroyForcibly().waitFor();
			left.forEach(ProcessHandle::destroyForcibly);
		}
		String output = child.output();
		long started = output.lines().filter((line) -> line.contains("MCP server started")).count();
		System.out.printf(
				"FIGURE failed start (%s): exit code %s, %d server processes before, %d started, %d seen running, "
						+ "%d alive when the JVM had to be gone; exited %s%n",
				failure, exited ? child.process.exitValue() : "none", before, started, seen.size(),
				exited ? serverProcesses(marker, child.pid()).count() : left.size(),
				exited ? exitedAfter + " ms after the failure" : "not within " + EXIT.toSeconds() + " s");

		assertThat(failed).as("the start failed\n%s", output).isTrue();
		assertThat(started).as("servers were started before the start failed\n%s", output).isPositive();
		assertThat(exited)
			.as("the JVM exited within %d s of the failure; alive: %s\n%s", EXIT.toSeconds(), describe(left), output)
			.isTrue();
		assertThat(child.process.exitValue()).as(output).isNotZero();
		assertThat(serverProcesses(marker, child.pid()).toList()).as("server processes alive after the exit").isEmpty();
	}

	/**
	 * Spring AI makes its stdio clients in the order of a {@code HashMap} of their
	 * connection names: a name that comes after the four servers', so that they have
	 * started when this one fails.
	 */
	private static String startedLast() {
		for (int i = 0;; i++) {
			String name = "unstartable-" + i;
			Map<String, Boolean> connections = new HashMap<>();
			Stream.of("everything", "filesystem", "memory", "sequential-thinking", name)
				.forEach((connection) -> connections.put(connection, true));
			if (List.copyOf(connections.keySet()).get(4).equals(name)) {
				return name;
			}
		}
	}

	/** The live processes with the marker in an argument, the app's JVM left out. */
	private static Stream<ProcessHandle> serverProcesses(String marker, long jvm) {
		return ProcessHandle.allProcesses()
			.filter((process) -> process.pid() != jvm && process.isAlive())
			.filter((process) -> process.info()
				.arguments()
				.map((arguments) -> Arrays.stream(arguments).anyMatch((argument) -> argument.contains(marker)))
				.orElse(false));
	}

	private static String describe(List<ProcessHandle> processes) {
		return processes.stream()
			.map((process) -> process.pid() + " " + process.info().commandLine().orElse("?"))
			.toList()
			.toString();
	}

	/** The app's JVM, its output in a file. */
	private record Child(Process process, Path log) {

		static Child start(List<String> arguments) throws IOException {
			String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
			Path log = Files.createTempFile("lazy-mcp-failed-start", ".log");
			List<String> command = new ArrayList<>(
					List.of(java, "-cp", System.getProperty("java.class.path"), StartAndFail.class.getName()));
			command.addAll(arguments);
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			return new Child(process, log);
		}

		long pid() {
			return this.process.pid();
		}

		/**
		 * Waits for a line of output, or for the JVM to end, running a probe every 100 ms
		 * meanwhile.
		 */
		boolean awaitOutput(String line, Duration timeout, Runnable probe) throws InterruptedException {
			long deadline = System.nanoTime() + timeout.toNanos();
			while (System.nanoTime() < deadline) {
				probe.run();
				if (output().contains(line)) {
					return true;
				}
				if (!this.process.isAlive()) {
					return output().contains(line);
				}
				Thread.sleep(100);
			}
			return false;
		}

		String output() {
			try {
				return Files.readString(this.log, StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				return "(no output: " + ex.getMessage() + ")";
			}
		}

	}

	/**
	 * The child JVM's program: start the test app, and say so when it fails. It neither
	 * exits nor closes anything itself: the JVM ends when nothing keeps it alive.
	 */
	static final class StartAndFail {

		public static void main(String[] args) {
			try {
				new SpringApplicationBuilder(McpTestApplication.class).web(WebApplicationType.NONE).run(args);
			}
			catch (RuntimeException ex) {
				System.out.println("RUN FAILED");
				throw ex;
			}
			System.out.println("STARTED, though it should not have");
			System.exit(3);
		}

	}

}
