package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/*
 * What the soak runs on, started in dependency order and stopped in reverse:
 *
 *   PostgreSQL ── sessions, learned uses, shared embeddings of both instances
 *   remote  ── server-everything over Streamable HTTP, behind a DelayProxy (the slow fault)
 *   events  ── server-everything over SSE
 *   instance a, instance b ── the soak app in two JVMs; each starts its own stdio servers
 *                             (filesystem, memory) and, on demand, the capability's
 *                             (sequential-thinking, capability "thinking")
 *
 * The scripted model runs in the harness and is given in.
 */

/**
 * The servers and the two app instances of a soak run.
 */
public final class Fleet implements AutoCloseable {

	public static final String CAPABILITY = "thinking";

	private static final Duration START_TIMEOUT = Duration.ofMinutes(10);

	private static final int START_ATTEMPTS = 3;

	/** How long a JVM whose start failed is given to exit by itself. */
	private static final Duration EXIT_GRACE = Duration.ofSeconds(15);

	private final Path work;

	private final Path mcpServers;

	private final Database database;

	private final HttpMcpServer remote;

	private final HttpMcpServer events;

	private final List<AppInstance> instances = new ArrayList<>();

	private final List<String> startFailures = Collections.synchronizedList(new ArrayList<>());

	private DelayProxy proxy;

	private String modelUrl = "";

	public Fleet(Path work, Path mcpServers, HttpClient http) {
		this.work = work;
		this.mcpServers = mcpServers.toAbsolutePath();
		this.database = new Database(work.resolve("postgresql"));
		this.remote = new HttpMcpServer("remote", this.mcpServers, "streamableHttp", freePort(),
				work.resolve("remote.log"));
		this.events = new HttpMcpServer("events", this.mcpServers, "sse", freePort(), work.resolve("events.log"));
		for (String name : List.of("a", "b")) {
			this.instances.add(new AppInstance(name, freePort(), work.resolve("instance-" + name), http));
		}
	}

	/**
	 * Starts everything and waits until both instances answer.
	 * @param model the scripted model's base URL
	 * @throws IOException when a folder cannot be written
	 */
	public void start(String model) throws IOException {
		this.modelUrl = model;
		Files.createDirectories(workspace());
		Files.writeString(workspace().resolve("notes.txt"), "Soak notes: the quick brown fox.\n");
		Files.createDirectories(capabilities());
		Files.writeString(capabilities().resolve(CAPABILITY + ".toml"), capabilityToml());
		Files.createDirectories(this.work.resolve("postgresql"));
		this.database.start();
		this.remote.start();
		this.proxy = new DelayProxy(this.remote.port());
		this.events.start();
		this.instances.forEach((instance) -> instance.start(yaml(instance)));
		this.instances.forEach(this::awaitStarted);
	}

	/**
	 * Starts an instance again after it was stopped, with the same settings.
	 * @param instance the instance
	 */
	public void restart(AppInstance instance) {
		instance.start(yaml(instance));
		awaitStarted(instance);
	}

	/**
	 * Start failures, each with whether the JVM exited by itself (a supervisor would
	 * start it again; so does the harness, twice).
	 * @return one line per failed start
	 */
	public List<String> startFailures() {
		return List.copyOf(this.startFailures);
	}

	/**
	 * Waits for an instance; a failed start is recorded, the JVM stopped and started
	 * again on another free port (a start can fail because its port was taken since it
	 * was found free).
	 */
	private void awaitStarted(AppInstance instance) {
		for (int attempt = 1;; attempt++) {
			try {
				instance.awaitStarted(START_TIMEOUT);
				return;
			}
			catch (AppInstance.StartFailed ex) {
				long grace = System.nanoTime() + EXIT_GRACE.toNanos();
				while (instance.running() && System.nanoTime() < grace) {
					Pause.millis(250);
				}
				boolean exited = !instance.running();
				instance.stop();
				this.startFailures.add(ex.getMessage() + (exited ? "; the JVM exited"
						: "; the JVM was still running " + EXIT_GRACE.toSeconds() + " s later and was stopped"));
				if (attempt == START_ATTEMPTS) {
					throw ex;
				}
				instance.movePort(freePort());
				instance.start(yaml(instance));
			}
		}
	}

	public Database database() {
		return this.database;
	}

	public HttpMcpServer remote() {
		return this.remote;
	}

	public HttpMcpServer events() {
		return this.events;
	}

	public DelayProxy proxy() {
		return this.proxy;
	}

	public List<AppInstance> instances() {
		return List.copyOf(this.instances);
	}

	public AppInstance instance(String name) {
		return this.instances.stream()
			.filter((instance) -> instance.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No instance " + name));
	}

	public Path workspace() {
		return this.work.resolve("workspace");
	}

	@Override
	public void close() {
		this.instances.forEach(AppInstance::stop);
		this.events.close();
		this.remote.close();
		try {
			if (this.proxy != null) {
				this.proxy.close();
			}
		}
		catch (IOException ex) {
			// the proxy's port is freed with the JVM
		}
		this.database.close();
	}

	private Path capabilities() {
		return this.work.resolve("capabilities");
	}

	private String bin(String name) {
		return this.mcpServers.resolve("node_modules/.bin").resolve(name).toString();
	}

	private String capabilityToml() {
		return """
				name = "%s"
				description = "Think a hard problem through step by step, revising and branching earlier thoughts"
				triggers = [
				  "think this through step by step",
				  "plan this carefully before answering",
				  "break the problem down into steps",
				  "reason about it one step at a time",
				  "let's think carefully about this decision",
				  "work through the pros and cons first",
				  "help me plan a multi-step approach",
				  "reflect on this and revise your reasoning",
				]

				[[mcp.servers]]
				name = "%s"
				command = "%s"
				args = []
				""".formatted(CAPABILITY, CAPABILITY, bin("mcp-server-sequential-thinking"));
	}

	/** The instance's own settings, on top of the app's soak-app.yml. */
	private String yaml(AppInstance instance) {
		Path home = instance.directory();
		return """
				spring:
				  datasource:
				    url: %s
				    username: postgres
				  ai:
				    openai:
				      base-url: %s
				    mcp:
				      client:
				        stdio:
				          connections:
				            filesystem:
				              command: %s
				              args: [ "%s" ]
				            memory:
				              command: %s
				              args: []
				              env:
				                MEMORY_FILE_PATH: %s
				        streamable-http:
				          connections:
				            remote:
				              url: http://127.0.0.1:%d
				        sse:
				          connections:
				            events:
				              url: http://127.0.0.1:%d
				tools:
				  lazy-mcp:
				    capabilities:
				      locations: [ "file:%s/" ]
				    search:
				      embedding:
				        cache-directory: %s
				    servers:
				      remote:
				        # fetches a URL from the internet by default
				        deny: [ gzip-file-as-resource ]
				      events:
				        deny: [ gzip-file-as-resource ]
				""".formatted(this.database.jdbcUrl(), this.modelUrl, bin("mcp-server-filesystem"), workspace(),
				bin("mcp-server-memory"), home.resolve("memory.jsonl"), this.proxy.port(), this.events.port(),
				capabilities(), home.resolve("embeddings"));
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
