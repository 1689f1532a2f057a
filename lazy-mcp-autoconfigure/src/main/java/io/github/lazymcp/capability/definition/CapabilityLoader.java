package io.github.lazymcp.capability.definition;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
 */
public final class CapabilityLoader {

	/** Where capabilities shipped in jars live. */
	public static final String CLASSPATH_LOCATION = "classpath*:lazy-mcp/capabilities/";

	private static final String OPTIONAL = "optional:";

	private final ResourcePatternResolver resolver;

	public CapabilityLoader() {
		this(new PathMatchingResourcePatternResolver());
	}

	public CapabilityLoader(ResourceLoader resourceLoader) {
		this.resolver = ResourcePatternUtils.getResourcePatternResolver(resourceLoader);
	}

	/**
	 * Loads the capabilities of every location.
	 * @param locations classpath patterns and directories, as described above
	 * @return the capabilities, ordered by file within each location
	 * @throws CapabilityDefinitionException when a file is invalid, a directory is
	 * missing, or files contradict each other
	 */
	public List<CapabilityDefinition> load(List<String> locations) {
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
		requireConsistent(capabilities);
		return List.copyOf(capabilities);
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
		Map<String, CapabilityDefinition> byName = new HashMap<>();
		Map<String, CapabilityDefinition> byServer = new HashMap<>();
		for (CapabilityDefinition capability : capabilities) {
			CapabilityDefinition other = byName.putIfAbsent(capability.name(), capability);
			if (other != null) {
				throw new CapabilityDefinitionException("Capability '%s' is defined twice: in %s and in %s"
					.formatted(capability.name(), other.source(), capability.source()));
			}
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
