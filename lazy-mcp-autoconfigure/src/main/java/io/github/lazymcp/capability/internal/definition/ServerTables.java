package io.github.lazymcp.capability.internal.definition;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.settings.InvalidSettingException;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code [[mcp.servers]]} tables of a capability file (the format is in
 * {@link CapabilityParser}): each one server, reached by a command (stdio) or a url
 * (streamable HTTP or SSE), with an optional call timeout and what people wrote about its
 * tools.
 */
final class ServerTables {

	private static final Pattern SERVER_NAME = Pattern.compile("[A-Za-z0-9_-]+");

	private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

	private static final Set<String> SERVER_KEYS = Set.of("name", "command", "args", "env", "url", "transport",
			"call_timeout", "per_user", "token_env", "tools");

	private static final Set<String> TOOL_KEYS = Set.of("examples", "when_to_use", "tags", "cost");

	private ServerTables() {
	}

	/**
	 * Reads the {@code [[mcp.servers]]} tables of a capability file.
	 * @param top the file's top-level table
	 * @param hints where each server's tool hints are put, by server name
	 * @return the servers, in file order
	 * @throws CapabilityDefinitionException when a table is not a valid server
	 */
	static List<ServerDefinition> read(TomlFields top, Map<String, Map<String, ToolHints>> hints) {
		if (!top.has("mcp")) {
			throw top.error("mcp", "'mcp.servers' is required: add at least one [[mcp.servers]] table, or a [deps] "
					+ "table for a toolchain capability");
		}
		TomlFields mcp = top.table("mcp");
		mcp.allowOnly(Set.of("servers"));
		List<TomlFields> tables = mcp.tables("servers");
		if (tables.isEmpty()) {
			throw mcp.error("servers", "'mcp.servers' needs at least one [[mcp.servers]] table");
		}
		List<ServerDefinition> servers = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (TomlFields table : tables) {
			ServerDefinition server = server(table);
			if (!names.add(server.name())) {
				throw table.error("name", "server name '%s' is used twice".formatted(server.name()));
			}
			servers.add(server);
			Map<String, ToolHints> tools = toolHints(table);
			if (!tools.isEmpty()) {
				hints.put(server.name(), tools);
			}
		}
		return servers;
	}

	/** A server's {@code [mcp.servers.tools.<tool>]} tables. */
	private static Map<String, ToolHints> toolHints(TomlFields server) {
		if (!server.has("tools")) {
			return Map.of();
		}
		TomlFields tools = server.table("tools");
		Map<String, ToolHints> hints = new LinkedHashMap<>();
		for (String tool : tools.keys()) {
			TomlFields fields = tools.table(tool);
			fields.allowOnly(TOOL_KEYS);
			String whenToUse = fields.string("when_to_use");
			if (whenToUse != null && whenToUse.isBlank()) {
				throw fields.error("when_to_use", "'%s' must not be blank".formatted(fields.path("when_to_use")));
			}
			try {
				hints.put(tool, new ToolHints(fields.strings("examples"), whenToUse, fields.strings("tags"),
						fields.number("cost")));
			}
			catch (InvalidSettingException ex) {
				// The record's components are named as the file's keys.
				throw fields.error(ex.component(),
						"'%s' %s, was %s".formatted(fields.path(ex.component()), ex.rule(), ex.value()));
			}
		}
		return hints;
	}

	private static ServerDefinition server(TomlFields fields) {
		fields.allowOnly(SERVER_KEYS);
		String name = fields.requiredName(SERVER_NAME, "[A-Za-z0-9_-]+");
		String command = fields.string("command");
		String url = fields.string("url");
		if (command != null && url != null) {
			throw fields.error("url", "'%s' and 'command' exclude each other".formatted(fields.path("url")));
		}
		if (command == null && url == null) {
			throw fields.error("command", "'%s' or 'url' is required".formatted(fields.path("command")));
		}
		return (command != null) ? stdio(fields, name) : http(fields, name);
	}

	private static ServerDefinition stdio(TomlFields fields, String name) {
		String transport = fields.string("transport");
		if (transport != null && !transport.equals("stdio")) {
			throw fields.error("transport",
					"'%s' must be \"stdio\" for a server with a command".formatted(fields.path("transport")));
		}
		String tokenEnv = tokenEnv(fields);
		Map<String, String> env = fields.stringMap("env");
		if (tokenEnv != null && env.containsKey(tokenEnv)) {
			throw fields.error("token_env",
					"'%s' names '%s', which 'env' sets too: the variable carries each user's token"
						.formatted(fields.path("token_env"), tokenEnv));
		}
		return new ServerDefinition.Stdio(name, fields.requiredString("command"), fields.strings("args"), env,
				callTimeout(fields), tokenEnv);
	}

	/**
	 * The variable that carries each user's token into a per-user server's process: a
	 * command server acts for each user only with {@code token_env}, and names it only
	 * with {@code per_user = true}.
	 */
	private static @Nullable String tokenEnv(TomlFields fields) {
		boolean perUser = fields.flag("per_user");
		String tokenEnv = fields.string("token_env");
		if (perUser && tokenEnv == null) {
			throw fields.error("per_user",
					("'%s' for a server with a command needs '%s': the environment variable its "
							+ "process reads the user's access token from (each user gets a process of their own)")
						.formatted(fields.path("per_user"), fields.path("token_env")));
		}
		if (tokenEnv != null && !perUser) {
			throw fields.error("token_env",
					"'%s' is only for a per-user server (per_user = true)".formatted(fields.path("token_env")));
		}
		if (tokenEnv != null && !tokenEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
			throw fields.error("token_env",
					"'%s' must be an environment variable's name such as \"GITHUB_TOKEN\", was '%s'"
						.formatted(fields.path("token_env"), tokenEnv));
		}
		return tokenEnv;
	}

	private static ServerDefinition http(TomlFields fields, String name) {
		for (String key : List.of("args", "env", "token_env")) {
			if (fields.has(key)) {
				throw fields.error(key, "'%s' is only for a server with a command".formatted(fields.path(key)));
			}
		}
		String transport = fields.string("transport");
		if (transport != null && !transport.equals("streamable-http") && !transport.equals("sse")) {
			throw fields.error("transport", "'%s' must be \"streamable-http\" or \"sse\" for a server with a url"
				.formatted(fields.path("transport")));
		}
		return new ServerDefinition.Http(name, url(fields), "sse".equals(transport), callTimeout(fields),
				fields.flag("per_user"));
	}

	/** "30s", "2m", "500ms" or an ISO-8601 duration; positive. */
	private static @Nullable Duration callTimeout(TomlFields fields) {
		String text = fields.string("call_timeout");
		if (text == null) {
			return null;
		}
		Matcher simple = SIMPLE_DURATION.matcher(text.strip());
		try {
			Duration duration = simple.matches() ? Duration.of(Long.parseLong(simple.group(1)), unit(simple.group(2)))
					: Duration.parse(text.strip());
			if (!duration.isNegative() && !duration.isZero()) {
				return duration;
			}
		}
		catch (RuntimeException ex) {
			// reported below
		}
		throw fields.error("call_timeout",
				"'%s' must be a positive duration such as \"30s\", \"2m\" or \"500ms\", was '%s'"
					.formatted(fields.path("call_timeout"), text));
	}

	private static ChronoUnit unit(String suffix) {
		return switch (suffix) {
			case "ms" -> ChronoUnit.MILLIS;
			case "m" -> ChronoUnit.MINUTES;
			case "h" -> ChronoUnit.HOURS;
			default -> ChronoUnit.SECONDS;
		};
	}

	private static URI url(TomlFields fields) {
		String url = fields.requiredString("url");
		try {
			URI uri = new URI(url);
			if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
				return uri;
			}
		}
		catch (URISyntaxException ex) {
			// reported below
		}
		throw fields.error("url", "'%s' must be an http or https URL, was '%s'".formatted(fields.path("url"), url));
	}

}
