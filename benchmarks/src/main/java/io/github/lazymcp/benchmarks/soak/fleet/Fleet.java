package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * What the soak runs on, started in dependency order and stopped in reverse:
 *
 *   PostgreSQL ── sessions, learned uses, shared embeddings of both instances
 *   remote  ── server-everything over Streamable HTTP, behind a DelayProxy (the slow fault)
 *   events  ── server-everything over SSE
 *   notes   ── the per-user server over Streamable HTTP (NotesServer), which checks each
 *              request's token against the harness's key set; without triggers, so that
 *              only the model enables it: the soak's messages often mention notes, and
 *              the ledger does not account for every tool a turn start's auto-activation
 *              evicts inside a database outage window
 *   instance a, instance b ── the soak app in two JVMs; each starts its own stdio servers
 *                             (filesystem, memory) and, on demand, the capability's
 *                             (sequential-thinking, capability "thinking"; notes, one
 *                             connection per user, capability "notes")
 *
 * The scripted model runs in the harness and is given in.
 */

/**
 * The servers and the two app instances of a soak run.
 */
public final class Fleet implements AutoCloseable {

	public static final String CAPABILITY = "thinking";

	/** The per-user server, and the capability its connection becomes in the apps. */
	public static final String NOTES = "notes";

	/**
	 * The users whose conversations enable {@link #NOTES}: the first and third may read,
	 * write and archive their notes, the others read and archive, so the server lists
	 * them other tools.
	 */
	public static final List<String> USERS = List.of("ada", "bob", "cyd", "dee");

	private static final Duration START_TIMEOUT = Duration.ofMinutes(10);

	private static final int START_ATTEMPTS = 3;

	/** How long a JVM whose start failed is given to exit by itself. */
	private static final Duration EXIT_GRACE = Duration.ofSeconds(15);

	private final Path work;

	private final Path mcpServers;

	private final Database database;

	private final HttpMcpServer remote;

	private final HttpMcpServer events;

	private final NotesServer notes;

	/** Each user's token now, as the apps read them. */
	private final Map<String, String> tokens = new LinkedHashMap<>();

	/** Every token given out, by user: the logs must hold none of them. */
	private final List<Map.Entry<String, String>> issued = new ArrayList<>();

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
		this.notes = new NotesServer(this.mcpServers, freePort(), work.resolve("notes.log"));
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
		this.notes.start();
		USERS.forEach(this::issue);
		Files.writeString(tokenFile(), tokenLines());
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

	public NotesServer notes() {
		return this.notes;
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
		this.notes.close();
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

	/** Each user's token, which the apps give the per-user server: a secret file. */
	private Path tokenFile() {
		return this.work.resolve("tokens.properties");
	}

	/** A new token for a user, with the scopes that user always gets. */
	private void issue(String user) {
		String token = (USERS.indexOf(user) % 2 == 0)
				? this.notes.token(user, "notes:read", "notes:write", "notes:archive")
				: this.notes.token(user, "notes:read", "notes:archive");
		this.tokens.put(user, token);
		this.issued.add(Map.entry(user, token));
	}

	private String tokenLines() {
		StringBuilder file = new StringBuilder();
		this.tokens.forEach((user, token) -> file.append(user).append('=').append(token).append('\n'));
		return file.toString();
	}

	/**
	 * Replaces a user's token as a refresh would, while the user's conversations run: the
	 * new one goes into the file the apps read first, then the old one is revoked, so
	 * that the next request with it is answered 401 and the app asks for a new token.
	 * @param user the user
	 * @throws IOException when the file cannot be written
	 */
	public void replaceToken(String user) throws IOException {
		String old = this.tokens.get(user);
		issue(user);
		Path written = Files.writeString(this.work.resolve("tokens.next"), tokenLines());
		Files.move(written, tokenFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		this.notes.revoke(old);
	}

	/**
	 * Where a user's token shows in an instance's log (every start of it): whole, its
	 * signature, or the whole token base64-encoded.
	 * @return one line per instance and user whose token shows; empty when none does
	 */
	public List<String> tokensInLogs() {
		List<String> found = new ArrayList<>();
		for (AppInstance instance : this.instances) {
			String log;
			try {
				log = Files.readString(instance.directory().resolve("app.log"), StandardCharsets.ISO_8859_1);
			}
			catch (IOException ex) {
				found.add("instance " + instance.name() + ": its log cannot be read (" + ex + ")");
				continue;
			}
			this.issued.forEach((entry) -> {
				String user = entry.getKey();
				String token = entry.getValue();
				String signature = token.substring(token.lastIndexOf('.') + 1);
				String encoded = Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.US_ASCII));
				if (log.contains(token) || log.contains(signature) || log.contains(encoded)) {
					found.add("instance " + instance.name() + ": " + user + "'s token");
				}
			});
		}
		return found;
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
				            notes:
				              url: http://127.0.0.1:%d
				        sse:
				          connections:
				            events:
				              url: http://127.0.0.1:%d
				soak:
				  tokens: %s
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
				      notes:
				        # No triggers: only the model enables it (see Fleet's comment)
				        per-user:
				          enabled: true
				          description: The user's own notes, to read, write and archive
				""".formatted(this.database.jdbcUrl(), this.modelUrl, bin("mcp-server-filesystem"), workspace(),
				bin("mcp-server-memory"), home.resolve("memory.jsonl"), this.proxy.port(), this.notes.port(),
				this.events.port(), tokenFile(), capabilities(), home.resolve("embeddings"));
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
