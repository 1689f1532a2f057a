package io.github.lazymcp.capability.internal.definition;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/*
 * The order of the result is the order the provider rule reads: capability folders by
 * name; within a folder the default provider first (the file named default.toml, or the
 * file a default.toml symlink points to), then the others by name. A default.toml that is
 * a symlink is not a provider of its own, only a pointer.
 */

/**
 * Reads one tap: a directory, or a classpath location, laid out as
 * {@code capabilities/<name>/<provider>.toml}.
 */
final class TapReader {

	private static final Pattern NAME = Pattern.compile("[a-z0-9-]+");

	private static final String DEFAULT_FILE = CapabilityDefinition.DEFAULT_PROVIDER + ".toml";

	private final ResourcePatternResolver resolver;

	TapReader(ResourcePatternResolver resolver) {
		this.resolver = resolver;
	}

	/**
	 * Reads every capability file of a tap.
	 * @param location a directory ({@code file:} optional, {@code optional:} when it may
	 * be missing) or a {@code classpath:}/{@code classpath*:} location
	 * @param setting the setting that names the tap, for messages ({@code taps[0]})
	 * @return every provider of every capability, in the order described above
	 */
	List<CapabilityDefinition> read(String location, String setting) {
		boolean optional = location.startsWith("optional:");
		String target = optional ? location.substring("optional:".length()) : location;
		if (target.startsWith("classpath")) {
			return fromClasspath(target);
		}
		Path tap = Path.of(target.startsWith("file:") ? target.substring("file:".length()) : target);
		if (!Files.isDirectory(tap)) {
			if (optional) {
				return List.of();
			}
			throw CapabilityDefinitionException.ofSetting(setting, ("Capability tap '%s' (%s) is not a directory; a "
					+ "tap is a folder holding capabilities/<name>/<provider>.toml (prefix it with 'optional:' if it may "
					+ "be missing)")
				.formatted(location, setting));
		}
		Path capabilities = tap.resolve("capabilities");
		if (!Files.isDirectory(capabilities)) {
			throw CapabilityDefinitionException.ofSetting(setting,
					"Capability tap '%s' (%s) has no 'capabilities' folder; a tap holds capabilities/<name>/<provider>.toml"
						.formatted(location, setting));
		}
		List<CapabilityDefinition> definitions = new ArrayList<>();
		for (Path folder : list(capabilities)) {
			if (!Files.isDirectory(folder)) {
				throw new CapabilityDefinitionException(folder + ":1: a tap keeps each capability in its own folder: "
						+ "move the file to capabilities/<name>/<provider>.toml");
			}
			definitions.addAll(fromFolder(folder));
		}
		return definitions;
	}

	private List<CapabilityDefinition> fromFolder(Path folder) {
		String name = checkedName(folder.getFileName().toString(), folder, "capability folder");
		Path defaultFile = folder.resolve(DEFAULT_FILE);
		String defaultTarget = Files.isSymbolicLink(defaultFile) ? symlinkTarget(defaultFile) : null;
		List<CapabilityDefinition> providers = new ArrayList<>();
		for (Path file : list(folder)) {
			String fileName = file.getFileName().toString();
			if (!fileName.endsWith(".toml") || !Files.isRegularFile(file)
					|| (defaultTarget != null && fileName.equals(DEFAULT_FILE))) {
				continue;
			}
			String provider = checkedName(fileName.substring(0, fileName.length() - 5), file, "provider file");
			providers.add(parse(file.toString(), read(file), name).withProvider(provider));
		}
		String preferred = (defaultTarget != null) ? defaultTarget : CapabilityDefinition.DEFAULT_PROVIDER;
		providers.sort(Comparator.comparing((CapabilityDefinition d) -> !d.provider().equals(preferred))
			.thenComparing(CapabilityDefinition::provider));
		return providers;
	}

	private List<CapabilityDefinition> fromClasspath(String location) {
		String base = location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
		try {
			List<CapabilityDefinition> definitions = new ArrayList<>();
			for (Resource resource : this.resolver.getResources(base + "/capabilities/*/*.toml")) {
				String source = resource.getURL().toString();
				String[] segments = source.split("/");
				String folder = segments[segments.length - 2];
				String fileName = segments[segments.length - 1];
				String provider = checkedName(fileName.substring(0, fileName.length() - 5), source, "provider file");
				definitions.add(parse(source, resource.getContentAsString(StandardCharsets.UTF_8),
						checkedName(folder, source, "capability folder"))
					.withProvider(provider));
			}
			definitions.sort(Comparator.comparing(CapabilityDefinition::name)
				.thenComparing((CapabilityDefinition d) -> !d.provider().equals(CapabilityDefinition.DEFAULT_PROVIDER))
				.thenComparing(CapabilityDefinition::provider));
			return definitions;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read capability tap '%s'".formatted(location), ex);
		}
	}

	private static CapabilityDefinition parse(String source, String toml, String folderName) {
		return CapabilityParser.parse(source, toml, folderName);
	}

	private static String checkedName(String name, Object where, String what) {
		if (!NAME.matcher(name).matches()) {
			throw new CapabilityDefinitionException(
					"%s:1: the %s name '%s' must match [a-z0-9-]+".formatted(where, what, name));
		}
		return name;
	}

	private static @Nullable String symlinkTarget(Path link) {
		try {
			String target = Files.readSymbolicLink(link).getFileName().toString();
			return target.endsWith(".toml") ? target.substring(0, target.length() - 5) : null;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the symlink %s".formatted(link), ex);
		}
	}

	private static List<Path> list(Path dir) {
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot list %s".formatted(dir), ex);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read capability file %s".formatted(file), ex);
		}
	}

}
