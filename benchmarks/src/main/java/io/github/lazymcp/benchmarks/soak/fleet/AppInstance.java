package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.benchmarks.soak.app.SoakApplication;
import org.jspecify.annotations.Nullable;

/**
 * One instance of the soak app in a child JVM, started as a user starts a Spring Boot app
 * (its settings in a YAML file next to it), and stopped as a deployment stops it:
 * SIGTERM, then waiting for the JVM to exit.
 */
public final class AppInstance {

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

	private final String name;

	/** Changed only between starts (movePort), read by the load's threads. */
	private volatile int port;

	private final Path directory;

	private final HttpClient http;

	private volatile @Nullable Process process;

	// Where the current JVM's output starts in app.log, which every start appends to.
	private volatile long logStart;

	/**
	 * Describes an instance; nothing starts before {@link #start(String)}.
	 * @param name {@code a} or {@code b}
	 * @param port its HTTP port
	 * @param directory its own folder: settings, log, cache
	 * @param http the client to reach it with
	 */
	AppInstance(String name, int port, Path directory, HttpClient http) {
		this.name = name;
		this.port = port;
		this.directory = directory;
		this.http = http;
	}

	public String name() {
		return this.name;
	}

	Path directory() {
		return this.directory;
	}

	/**
	 * Starts the JVM with the given settings, its output appended to {@code app.log}.
	 * @param yaml the instance's {@code application.yml}
	 */
	void start(String yaml) {
		try {
			Files.createDirectories(this.directory);
			Path settings = this.directory.resolve("soak-instance.yml");
			Files.writeString(settings, yaml);
			Path log = this.directory.resolve("app.log");
			this.logStart = Files.exists(log) ? Files.size(log) : 0;
			List<String> command = new ArrayList<>(
					// An instance that runs out of heap leaves a heap dump beside its
					// log; its soak endpoint reads why HTTP clients' selector threads
					// live, which needs the JDK's HTTP client opened to it.
					List.of(java(), "-Xmx512m", "-XX:+UseG1GC", "-XX:+HeapDumpOnOutOfMemoryError",
							"-XX:HeapDumpPath=" + this.directory,
							"--add-opens=java.net.http/jdk.internal.net.http=ALL-UNNAMED", "-cp", classPath(),
							SoakApplication.class.getName(), "--spring.config.additional-location=file:" + settings,
							"--server.port=" + this.port));
			this.process = new ProcessBuilder(command).directory(this.directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve("app.log").toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Waits until the app answers on its actuator endpoint.
	 * @param timeout how long to wait
	 * @throws IllegalStateException when the JVM exits or does not answer in time
	 */
	void awaitStarted(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (Thread.currentThread().isInterrupted()) {
				throw new IllegalStateException(
						"App instance " + this.name + ": the wait for its start was interrupted");
			}
			Process running = this.process;
			if (running == null) {
				throw new IllegalStateException("App instance " + this.name + " was not started");
			}
			if (!running.isAlive()) {
				// A start that fails exits by itself: the cause is in the log.
				String failure = startFailure();
				throw new StartFailed(this.name, ((failure != null) ? failure : "no cause logged") + "; exit code "
						+ running.exitValue() + ", see " + this.directory.resolve("app.log"));
			}
			if (get("/actuator/mcpactivation").map((response) -> response.statusCode() == 200).orElse(false)) {
				return;
			}
			String failure = startFailure();
			if (failure != null) {
				throw new StartFailed(this.name, failure);
			}
			Pause.millis(250);
		}
		throw new IllegalStateException("App instance " + this.name + " did not start within " + timeout);
	}

	/**
	 * Moves a stopped instance to another port for its next start. A port found free is
	 * free only until something binds it (an outgoing connection's local port among
	 * them), so a start that failed is tried again elsewhere.
	 * @param next the port
	 */
	void movePort(int next) {
		if (running()) {
			throw new IllegalStateException("App instance " + this.name + " is running on port " + this.port);
		}
		this.port = next;
	}

	/**
	 * The last cause Spring Boot logged for a failed start (an exception's, or a failure
	 * analysis's description, such as a port in use), or null while none is logged.
	 */
	private @Nullable String startFailure() {
		List<String> lines;
		try (SeekableByteChannel log = Files.newByteChannel(this.directory.resolve("app.log"))) {
			log.position(Math.min(this.logStart, log.size()));
			lines = new String(Channels.newInputStream(log).readAllBytes(), StandardCharsets.UTF_8).lines().toList();
		}
		catch (IOException ex) {
			return null;
		}
		return cause(lines);
	}

	/**
	 * The cause of a failed start in the lines of its log: the last {@code Caused by}
	 * after Spring Boot's "Application run failed", or the description of its failure
	 * analysis ("APPLICATION FAILED TO START"), or null when neither is logged.
	 * @param lines the log's lines since the start
	 * @return the cause
	 */
	static @Nullable String cause(List<String> lines) {
		int failed = -1;
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).contains("Application run failed")
					|| lines.get(i).contains("APPLICATION FAILED TO START")) {
				failed = i;
			}
		}
		if (failed < 0) {
			return null;
		}
		String cause = lines.get(failed);
		List<String> after = lines.subList(failed, lines.size());
		for (int i = 0; i < after.size(); i++) {
			String line = after.get(i);
			if (line.startsWith("Caused by: ")) {
				cause = line;
			}
			else if (line.equals("Description:")) {
				int next = i + 1;
				while (next < after.size() && after.get(next).isBlank()) {
					next++;
				}
				cause = (next < after.size()) ? after.get(next) : cause;
			}
		}
		return cause;
	}

	/**
	 * Stops the JVM with SIGTERM and waits for it; then looks for processes it started
	 * that outlived it.
	 * @return how it stopped
	 */
	public Stopped stop() {
		Process running = this.process;
		this.process = null;
		if (running == null) {
			return new Stopped(0, List.of());
		}
		List<ProcessHandle> children = running.descendants().toList();
		running.destroy();
		int exit;
		try {
			if (!running.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				running.destroyForcibly();
				running.waitFor();
			}
			exit = running.exitValue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			running.destroyForcibly();
			return new Stopped(-1, List.of());
		}
		// Give servers that end on their own (standard input closed) a moment.
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
			Pause.millis(100);
		}
		List<String> orphans = children.stream().filter(ProcessHandle::isAlive).map(Processes::commandLine).toList();
		return new Stopped(exit, orphans);
	}

	/**
	 * The JVM's process id.
	 * @return the pid, or -1 when it is not running
	 */
	public long pid() {
		Process running = this.process;
		return (running != null && running.isAlive()) ? running.pid() : -1;
	}

	public boolean running() {
		return pid() != -1;
	}

	public URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	/**
	 * A GET that waits at most 30 s.
	 * @param path the path
	 * @return the response, or empty when the instance did not answer
	 */
	public Optional<HttpResponse<String>> get(String path) {
		return get(path, READ_TIMEOUT);
	}

	/**
	 * A GET.
	 * @param path the path
	 * @param timeout how long to wait for the answer
	 * @return the response, or empty when the instance did not answer in time
	 */
	public Optional<HttpResponse<String>> get(String path, Duration timeout) {
		HttpRequest request = HttpRequest.newBuilder(uri(path)).timeout(timeout).GET().build();
		try {
			return Optional.of(this.http.send(request, HttpResponse.BodyHandlers.ofString()));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	/** The harness's own class path, absolute: the instance runs in its own folder. */
	private static String classPath() {
		return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
			.map((entry) -> Path.of(entry).toAbsolutePath().toString())
			.collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
	}

	private static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * Spring Boot logged that the application failed to start.
	 */
	public static final class StartFailed extends IllegalStateException {

		public StartFailed(String instance, String cause) {
			super("App instance " + instance + " failed to start: " + cause);
		}

	}

	/**
	 * How an instance stopped.
	 *
	 * @param exitCode the JVM's exit code (143 after SIGTERM unless the app sets another)
	 * @param orphans command lines of processes the instance had started that were still
	 * running five seconds after it exited
	 */
	public record Stopped(int exitCode, List<String> orphans) {

	}

}
