package io.github.lazymcp.capability.internal.definition;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySettings.PerUserConnection;

import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternUtils;

/**
 * Reads every capability file ({@code *.toml}) from a list of locations and checks that
 * the files agree with each other: capability names are unique, and a server name means
 * the same server wherever it appears.
 *
 * <p>
 * A location is either a Spring resource pattern starting with {@code classpath:} or
 * {@code classpath*:} (the latter searches every jar), or a directory on the file system
 * (a plain path or {@code file:}). A location that does not end in {@code .toml} is a
 * folder whose {@code *.toml} files are read, not its subfolders. A classpath pattern
 * that matches nothing contributes nothing; a missing directory is an error unless the
 * location starts with {@code optional:}.
 *
 * <p>
 * A tap is a directory or classpath location laid out as
 * {@code capabilities/<name>/<provider>.toml}: one capability name may have several
 * providers (variants), of which one is chosen. A provider named in the provider settings
 * wins; otherwise the first in reading order: flat locations first, then the taps in the
 * order given; within a tap, the provider {@code default} (or the file a
 * {@code default.toml} symlink points to), then the others alphabetically. Two files
 * defining the same capability with the same provider are an error naming both.
 */
public final class CapabilityLoader {

	/** Where capabilities shipped in jars live. */
	public static final String CLASSPATH_LOCATION = "classpath*:lazy-mcp/capabilities/";

	private static final String OPTIONAL = "optional:";

	private final ResourcePatternResolver resolver;

	private final TapReader taps;

	public CapabilityLoader() {
		this(new PathMatchingResourcePatternResolver());
	}

	public CapabilityLoader(ResourceLoader resourceLoader) {
		this.resolver = ResourcePatternUtils.getResourcePatternResolver(resourceLoader);
		this.taps = new TapReader(this.resolver);
	}

	/**
	 * Loads the capabilities of every location.
	 * @param locations classpath patterns and directories, as described above
	 * @return the capabilities, ordered by file within each location
	 * @throws CapabilityDefinitionException when a file is invalid, a directory is
	 * missing, or files contradict each other
	 */
	public List<CapabilityDefinition> load(List<String> locations) {
		return load(locations, List.of(), Map.of());
	}

	/**
	 * Loads the capabilities of every flat location and every tap, and chooses one
	 * provider per capability name.
	 * @param locations classpath patterns and directories of flat files, as described
	 * above
	 * @param taps tap directories and classpath locations, in order of preference
	 * @param providers the chosen provider per capability name; the rule above decides
	 * for the others
	 * @return one definition per capability name, with the providers not chosen as its
	 * alternatives
	 * @throws CapabilityDefinitionException when a file is invalid, a directory or tap is
	 * missing, files contradict each other, or a chosen provider does not exist
	 */
	public List<CapabilityDefinition> load(List<String> locations, List<String> taps, Map<String, String> providers) {
		List<CapabilityDefinition> variants = new ArrayList<>(flat(locations));
		for (int i = 0; i < taps.size(); i++) {
			variants.addAll(this.taps.read(taps.get(i), "taps[%d]".formatted(i)));
		}
		List<CapabilityDefinition> chosen = ProviderChoice.choose(variants, providers);
		requireConsistent(chosen);
		return chosen;
	}

	/**
	 * The loaded capabilities, and one more per connection of Spring AI's MCP client that
	 * acts for each user: named like the connection, its one server that connection,
	 * connected once per identity.
	 * @param loaded the capabilities of the files
	 * @param connections the per-user connections
	 * @return every capability, the files' first
	 * @throws CapabilityDefinitionException when a connection takes the name of a
	 * capability or a capability's server
	 */
	public static List<CapabilityDefinition> withConnections(List<CapabilityDefinition> loaded,
			List<PerUserConnection> connections) {
		List<CapabilityDefinition> all = new ArrayList<>(loaded);
		for (PerUserConnection connection : connections) {
			String source = "spring.ai.mcp.client connection '%s' (tools.lazy-mcp.servers.%s.per-user)"
				.formatted(connection.name(), connection.name());
			for (CapabilityDefinition other : all) {
				boolean server = other.servers().stream().anyMatch((s) -> s.name().equals(connection.name()));
				if (other.name().equals(connection.name()) || server) {
					throw new CapabilityDefinitionException(
							"%s takes the name of %s '%s' (%s): rename one of them".formatted(source,
									other.name().equals(connection.name()) ? "capability" : "a server of capability",
									other.name(), other.source()));
				}
			}
			CapabilitySettings.Command command = connection.command();
			URI url = connection.url();
			ServerDefinition server = (command != null)
					? new ServerDefinition.Stdio(connection.name(), command.command(), command.args(), command.env(),
							null, command.tokenEnv())
					: new ServerDefinition.Http(connection.name(), Objects.requireNonNull(url), connection.sse(), null,
							true);
			all.add(new CapabilityDefinition(connection.name(), connection.description(), connection.triggers(),
					List.of(), List.of(server), List.of(), CapabilityDefinition.DEFAULT_PROVIDER, List.of(), source));
		}
		return List.copyOf(all);
	}

	private List<CapabilityDefinition> flat(List<String> locations) {
		List<CapabilityDefinition> capabilities = new ArrayList<>();
		for (String location : locations) {
			boolean optional = location.startsWith(OPTIONAL);
			String target = optional ? location.substring(OPTIONAL.length()) : location;
			if (target.startsWith("classpath")) {
				capabilities.addAll(fromClasspath(target));
			}
			else {
				capabilities.addAll(fromDirectory(location, target, optional));
			}
		}
		return capabilities;
	}

	private List<CapabilityDefinition> fromClasspath(String location) {
		String pattern = location.endsWith(".toml") ? location : stripSlash(location) + "/*.toml";
		try {
			Resource[] resources = this.resolver.getResources(pattern);
			return Stream.of(resources)
				.map(this::parse)
				.sorted(Comparator.comparing(CapabilityDefinition::source))
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read capability location '%s'".formatted(location), ex);
		}
	}

	private CapabilityDefinition parse(Resource resource) {
		try {
			String source = resource.isFile() ? resource.getFile().getPath() : resource.getURL().toString();
			return CapabilityParser.parse(source, resource.getContentAsString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read capability file %s".formatted(resource), ex);
		}
	}

	private List<CapabilityDefinition> fromDirectory(String location, String target, boolean optional) {
		Path path = Path.of(target.startsWith("file:") ? target.substring("file:".length()) : target);
		if (Files.isRegularFile(path)) {
			return List.of(parse(path));
		}
		if (!Files.isDirectory(path)) {
			if (optional) {
				return List.of();
			}
			throw new CapabilityDefinitionException(
					"Capability location '%s' is not a directory (prefix it with '%s' if it may be missing)"
						.formatted(location, OPTIONAL));
		}
		try (Stream<Path> files = Files.list(path)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".toml"))
				.filter(Files::isRegularFile)
				.sorted()
				.map(this::parse)
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot list capability location '%s'".formatted(location), ex);
		}
	}

	private CapabilityDefinition parse(Path file) {
		try {
			return CapabilityParser.parse(file.toString(), Files.readString(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read capability file %s".formatted(file), ex);
		}
	}

	private static void requireConsistent(List<CapabilityDefinition> capabilities) {
		Map<String, CapabilityDefinition> byServer = new HashMap<>();
		for (CapabilityDefinition capability : capabilities) {
			for (ServerDefinition server : capability.servers()) {
				CapabilityDefinition first = byServer.putIfAbsent(server.name(), capability);
				if (first != null && !server.equals(serverNamed(first, server.name()))) {
					throw new CapabilityDefinitionException(
							"Server '%s' is defined differently by capability '%s' (%s) and capability '%s' (%s)"
								.formatted(server.name(), first.name(), first.source(), capability.name(),
										capability.source()));
				}
			}
		}
	}

	private static ServerDefinition serverNamed(CapabilityDefinition capability, String name) {
		return capability.servers().stream().filter((server) -> server.name().equals(name)).findFirst().orElseThrow();
	}

	private static String stripSlash(String location) {
		return location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
	}

}
