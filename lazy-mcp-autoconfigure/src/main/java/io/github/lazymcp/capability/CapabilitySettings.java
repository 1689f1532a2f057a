package io.github.lazymcp.capability;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;
import org.jspecify.annotations.Nullable;

/**
 * Where capabilities are read from, which provider each uses, how many may be enabled,
 * how long their servers may take, when the user's words enable one, and whether
 * toolchain capabilities may install software. Immutable; {@link #DEFAULTS} holds the
 * shipped defaults. An impossible value is rejected with an
 * {@link InvalidSettingException} naming the component.
 *
 * @param locations where flat capability files are read from: classpath patterns or
 * directories ({@code optional:} for one that may be missing)
 * @param maxActive how many capabilities one conversation may have enabled at once, at
 * least 1
 * @param maxConnections how many capability servers may be connected at once, over all
 * conversations, at least 1
 * @param maxConnectionsPerIdentity how many connections of per-user servers one identity
 * may have at once (each counts against {@code maxConnections} too), at least 1
 * @param idleTimeout how long a server no conversation holds stays connected, so that
 * enabling it again soon does not start it again; zero stops it at once
 * @param initTimeout how long a server may take to start and answer the MCP handshake
 * @param requestTimeout how long one call to a capability's server may take
 * @param autoActivation whether a user message may enable the one capability it clearly
 * calls for, before the first model request of the turn
 * @param gate the routing threshold and margin auto-activation applies
 * @param generalRequests requests of the application's own that no capability is for,
 * compared with a message besides the bundled ones
 * @param logUserText whether routing decisions (logged at debug level) and the endpoint's
 * last decision quote the user's words
 * @param taps tap directories and classpath locations
 * ({@code capabilities/<name>/<provider>.toml}), in order of preference
 * @param providers the provider chosen per capability name
 * @param installs whether and where toolchain capabilities install their packages
 * @since 0.1.0
 */
public record CapabilitySettings(List<String> locations, int maxActive, int maxConnections,
		int maxConnectionsPerIdentity, Duration idleTimeout, Duration initTimeout, Duration requestTimeout,
		boolean autoActivation, Gate gate, List<String> generalRequests, boolean logUserText, List<String> taps,
		Map<String, String> providers, Installs installs) {

	/**
	 * The shipped defaults: files under {@code lazy-mcp/capabilities/} of every jar, no
	 * taps, four enabled per conversation, 16 servers connected at once (four per-user
	 * connections per identity), five idle minutes before a server stops, 20 s to start,
	 * 30 s per call, auto-activation on with the gate calibrated for the bundled model,
	 * user text never quoted, and no software installed at run time.
	 */
	public static final CapabilitySettings DEFAULTS = new CapabilitySettings(
			List.of("classpath*:lazy-mcp/capabilities/*.toml"), 4, 16, 4, Duration.ofMinutes(5), Duration.ofSeconds(20),
			Duration.ofSeconds(30), true, Gate.DEFAULT, List.of(), false, List.of(), Map.of(), Installs.DEFAULTS);

	public CapabilitySettings {
		locations = List.copyOf(locations);
		generalRequests = List.copyOf(generalRequests);
		taps = List.copyOf(taps);
		providers = Map.copyOf(providers);
		Checks.positive("maxActive", maxActive);
		Checks.positive("maxConnections", maxConnections);
		Checks.positive("maxConnectionsPerIdentity", maxConnectionsPerIdentity);
		Checks.notNegative("idleTimeout", idleTimeout);
		Checks.positive("initTimeout", initTimeout);
		Checks.positive("requestTimeout", requestTimeout);
		Objects.requireNonNull(gate, "gate");
		Objects.requireNonNull(installs, "installs");
	}

	/**
	 * The three conditions a best capability must meet to be enabled.
	 *
	 * @param threshold the lowest score (mean top-3 cosine) that counts as a match,
	 * between -1 and 1
	 * @param margin how much the best score must exceed the runner-up's, between 0 and 2
	 * @param generalLead how far the score of the general requests may exceed the best
	 * capability's, between -2 and 2; 2 switches the comparison off
	 */
	public record Gate(double threshold, double margin, double generalLead) {

		/**
		 * Calibrated for the bundled MiniLM (quantized) model on the sample's routing
		 * fixture (its independent intent set held out): the best top-1 on the positives,
		 * then the most abstention on the negatives, then, of the ties, the highest
		 * threshold and the smallest general lead (95.2% top-1, 100% abstention on the
		 * fixture).
		 */
		public static final Gate DEFAULT = new Gate(0.15, 0.0, 0.06);

		public Gate {
			Checks.between("threshold", threshold, -1, 1);
			Checks.between("margin", margin, 0, 2);
			Checks.between("generalLead", generalLead, -2, 2);
		}

	}

	/**
	 * Installing the packages of toolchain capabilities.
	 *
	 * @param enabled whether enabling a toolchain capability may install its missing
	 * packages; when false it reports them missing instead
	 * @param directory where packages are installed, one npm prefix per package
	 * @param timeout how long one package install may take
	 */
	public record Installs(boolean enabled, Path directory, Duration timeout) {

		/**
		 * Installs off, into {@code ${java.io.tmpdir}/lazy-mcp/toolchains}, five minutes
		 * per package.
		 */
		public static final Installs DEFAULTS = new Installs(false,
				Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp", "toolchains"), Duration.ofMinutes(5));

		public Installs {
			Checks.set("directory", directory);
			Checks.positive("timeout", timeout);
		}

	}

	/**
	 * A connection of Spring AI's MCP client
	 * ({@code spring.ai.mcp.client.streamable-http}, {@code .sse}, or {@code .stdio} for
	 * a server that reads its token from the environment) that acts for each user with
	 * that user's own access token. lazy-mcp, not Spring AI, connects it: once per
	 * identity, as a capability named like the connection, which a conversation enables
	 * as it enables a capability file's (the model through the capability tool, or the
	 * user's words matching a trigger). Immutable; an impossible value is rejected with
	 * an {@link InvalidSettingException} naming the component.
	 *
	 * @param name the connection name, also the capability's and the tools' prefix
	 * @param url the MCP endpoint of an HTTP connection; null for a command
	 * @param sse whether the HTTP server speaks HTTP+SSE rather than Streamable HTTP
	 * @param command the process of a stdio connection, one per identity; null for an
	 * HTTP connection
	 * @param description what the capability offers, as the model and the router read it;
	 * not blank
	 * @param triggers requests in the users' words that enable it; empty leaves enabling
	 * to the model
	 */
	public record PerUserConnection(String name, @Nullable URI url, boolean sse, @Nullable Command command,
			String description, List<String> triggers) {

		public PerUserConnection {
			if (name == null || !name.matches("[A-Za-z0-9_-]+")) {
				throw new InvalidSettingException("name", name, "must be letters, digits, '_' or '-'");
			}
			if ((url == null) == (command == null)) {
				throw new InvalidSettingException("url", url, "must be set for an HTTP connection, and only for one");
			}
			if (url != null && !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
				throw new InvalidSettingException("url", url, "must be an http or https URL");
			}
			if (description == null || description.isBlank()) {
				throw new InvalidSettingException("description", description,
						"must say what the user's server offers: the model and the router read it to enable it");
			}
			triggers = List.copyOf(triggers);
		}

		/**
		 * A connection over HTTP.
		 * @param name the connection name
		 * @param url the MCP endpoint
		 * @param sse whether it speaks HTTP+SSE
		 * @param description what it offers
		 * @param triggers requests that enable it
		 */
		public PerUserConnection(String name, URI url, boolean sse, String description, List<String> triggers) {
			this(name, url, sse, null, description, triggers);
		}

		/**
		 * A connection to a process started for each identity.
		 * @param name the connection name
		 * @param command the process
		 * @param description what it offers
		 * @param triggers requests that enable it
		 */
		public PerUserConnection(String name, Command command, String description, List<String> triggers) {
			this(name, null, false, command, description, triggers);
		}

	}

	/**
	 * The process of a per-user stdio connection, started once per identity with the
	 * identity's access token in {@code tokenEnv}.
	 *
	 * @param command the executable
	 * @param args its arguments
	 * @param env variables added to the environment it inherits
	 * @param tokenEnv the variable that carries the identity's token; not one of
	 * {@code env}
	 */
	public record Command(String command, List<String> args, Map<String, String> env, String tokenEnv) {

		public Command {
			if (command == null || command.isBlank()) {
				throw new InvalidSettingException("command", command, "must name the server's executable");
			}
			if (tokenEnv == null || !tokenEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
				throw new InvalidSettingException("tokenEnv", tokenEnv,
						"must name the environment variable the server reads the user's access token from");
			}
			if (env.containsKey(tokenEnv)) {
				throw new InvalidSettingException("tokenEnv", tokenEnv,
						"must not be a variable env sets too: it carries each user's token");
			}
			args = List.copyOf(args);
			env = Map.copyOf(env);
		}

		/**
		 * Names the variables without their values, which are often secrets.
		 */
		@Override
		public String toString() {
			return "Command[command=%s, args=%s, env=%s, tokenEnv=%s]".formatted(this.command, this.args,
					new TreeMap<>(this.env).keySet(), this.tokenEnv);
		}

	}

}
