package io.github.lazymcp.capability.internal.definition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.ToolHints;
import org.jspecify.annotations.Nullable;
import org.tomlj.Toml;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;

/**
 * Reads one capability file. The format:
 *
 * <pre class="code">
 * name = "files"                      # required, [a-z0-9-]+, unique across all files
 * description = "Read, write and search files in the workspace"   # required
 * triggers = ["read the file config.yml", "list the folder"]      # required, at least one
 * allowed_tools = ["filesystem:read_*", "filesystem:list_directory"]   # optional
 *
 * [[mcp.servers]]                     # one or more
 * name = "filesystem"                 # required, [A-Za-z0-9_-]+, the tool name prefix
 * command = "../mcp-servers/node_modules/.bin/mcp-server-filesystem"
 * args = ["/tmp/work"]                # optional, only with command
 * [mcp.servers.env]                   # optional, only with command; string values
 * FOO = "bar"
 * [mcp.servers.tools.read_file]       # optional, per tool: what people write about it
 * examples = ["show me config.yml"]   # requests the tool answers
 * when_to_use = "To read one file"    # a sentence
 * tags = ["files", "read"]            # words to find it by
 * cost = 0.01                         # cost per call, a number of at least 0
 *
 * [[mcp.servers]]
 * name = "remote"
 * url = "http://localhost:3001/mcp"   # instead of command: an HTTP server
 * transport = "sse"                   # optional: stdio (command), streamable-http (url, default) or sse
 *
 * [deps]                              # optional; without [[mcp.servers]]: a toolchain capability
 * npm = ["is-number@7.0.0"]           # npm packages at exact versions
 * </pre>
 *
 * <p>
 * In a tap ({@code <tap>/capabilities/<name>/<provider>.toml}) the folder names the
 * capability: {@code name} may be left out, and must equal the folder's name if given.
 *
 * <p>
 * A server with {@code command} is started as a child process that talks over
 * stdin/stdout: the command is looked up on {@code PATH} unless it contains a slash, in
 * which case it is relative to the working directory; the process inherits the
 * environment, with {@code env} added. A server with {@code url} is reached over
 * streamable HTTP, or over HTTP+SSE with {@code transport = "sse"}.
 *
 * <p>
 * Each {@code allowed_tools} pattern is {@code server:tool-glob}, where {@code server} is
 * one of the capability's servers and {@code *} in the glob matches any run of
 * characters. A server no pattern names exposes all its tools. Unknown keys are errors,
 * so that a misspelt key is not silently ignored.
 *
 * <p>
 * Every problem is a {@link CapabilityDefinitionException} whose message starts with
 * {@code file:line:} and names the key, e.g.
 * {@code files.toml:7: 'mcp.servers[0].command' or 'url' is required}.
 */
final class CapabilityParser {

	private static final Pattern CAPABILITY_NAME = Pattern.compile("[a-z0-9-]+");

	private static final Set<String> TOP_KEYS = Set.of("name", "description", "triggers", "allowed_tools", "mcp",
			"deps");

	private CapabilityParser() {
	}

	/**
	 * Parses one capability file.
	 * @param source the file's name, used in messages and kept in the definition
	 * @param toml the file's content
	 * @return the capability
	 * @throws CapabilityDefinitionException when the file is not valid TOML or not a
	 * valid capability
	 */
	static CapabilityDefinition parse(String source, String toml) {
		return parse(source, toml, null);
	}

	/**
	 * Parses one capability file of a tap.
	 * @param source the file's name, used in messages and kept in the definition
	 * @param toml the file's content
	 * @param folderName the name of the capability's folder, which is its name; null for
	 * a flat file, which must name itself
	 * @return the capability
	 * @throws CapabilityDefinitionException when the file is not valid TOML or not a
	 * valid capability
	 */
	static CapabilityDefinition parse(String source, String toml, @Nullable String folderName) {
		TomlParseResult result = Toml.parse(toml);
		if (result.hasErrors()) {
			TomlParseError error = result.errors().get(0);
			throw new CapabilityDefinitionException(source, error.position().line(),
					"%s (column %d)".formatted(error.getMessage(), error.position().column()));
		}
		TomlFields top = TomlFields.root(source, result);
		top.allowOnly(TOP_KEYS);
		String name = (folderName != null && !top.has("name")) ? folderName
				: top.requiredName(CAPABILITY_NAME, "[a-z0-9-]+");
		if (folderName != null && !name.equals(folderName)) {
			throw top.error("name", "'name' is '%s' but the file is in the folder of capability '%s'; a tap's folder "
				.formatted(name, folderName) + "names the capability");
		}
		String description = top.requiredString("description");
		List<String> triggers = top.strings("triggers");
		if (triggers.isEmpty()) {
			throw top.has("triggers") ? top.error("triggers", "'triggers' needs at least one phrase")
					: top.missing("triggers");
		}
		List<NpmPackage> deps = deps(top);
		Map<String, Map<String, ToolHints>> hints = new LinkedHashMap<>();
		List<ServerDefinition> servers = (deps.isEmpty() || top.has("mcp")) ? ServerTables.read(top, hints) : List.of();
		List<String> allowedTools = allowedTools(top, servers);
		return new CapabilityDefinition(name, description, triggers, allowedTools, servers, deps,
				CapabilityDefinition.DEFAULT_PROVIDER, List.of(), source, Hints.of(hints));
	}

	private static List<NpmPackage> deps(TomlFields top) {
		if (!top.has("deps")) {
			return List.of();
		}
		TomlFields deps = top.table("deps");
		deps.allowOnly(Set.of("npm"));
		List<String> specs = deps.strings("npm");
		if (specs.isEmpty()) {
			throw deps.error("npm", "'deps.npm' needs at least one package, as name@version (e.g. is-number@7.0.0)");
		}
		List<NpmPackage> packages = new ArrayList<>();
		for (int i = 0; i < specs.size(); i++) {
			try {
				packages.add(NpmPackage.parse(specs.get(i)));
			}
			catch (IllegalArgumentException ex) {
				throw deps.elementError("npm", i, "'deps.npm[%d]' %s".formatted(i, ex.getMessage()));
			}
		}
		return packages;
	}

	private static List<String> allowedTools(TomlFields top, List<ServerDefinition> servers) {
		List<String> patterns = top.strings("allowed_tools");
		Set<String> serverNames = new TreeSet<>();
		servers.forEach((server) -> serverNames.add(server.name()));
		for (int i = 0; i < patterns.size(); i++) {
			String problem = patternProblem(patterns.get(i), serverNames);
			if (problem != null) {
				throw top.elementError("allowed_tools", i, "'allowed_tools[%d]' %s".formatted(i, problem));
			}
		}
		return patterns;
	}

	private static @Nullable String patternProblem(String pattern, Set<String> serverNames) {
		int colon = pattern.indexOf(':');
		if (colon < 0) {
			return "must be server:tool-glob, was '%s'".formatted(pattern);
		}
		String server = pattern.substring(0, colon);
		if (!serverNames.contains(server)) {
			return "names server '%s', which is not one of %s".formatted(server, serverNames);
		}
		if (pattern.substring(colon + 1).isBlank()) {
			return "has no tool glob after '%s:', was '%s'".formatted(server, pattern);
		}
		return null;
	}

}
