package io.github.lazymcp.capability.internal.definition;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * One npm package a toolchain capability needs, at an exact version.
 *
 * <p>
 * Only registry names and exact versions are accepted: no ranges, tags, URLs, git or file
 * specs, and nothing that starts with {@code -}. What is installed is therefore fixed by
 * the capability file, and the spec can never be read by npm as an option.
 *
 * @param name the package name, e.g. {@code is-number} or {@code @scope/tool}
 * @param version the exact version, e.g. {@code 7.0.0}
 */
public record NpmPackage(String name, String version) {

	private static final Pattern NAME = Pattern.compile("(@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*");

	private static final Pattern EXACT_VERSION = Pattern
		.compile("(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?");

	private static final Pattern SPEC = Pattern.compile("(@?[^@]+)(?:@(.*))?");

	public NpmPackage {
		String problem = problem(name, version);
		if (problem != null) {
			throw new IllegalArgumentException(problem);
		}
	}

	/**
	 * Reads {@code name@version}.
	 * @param spec the spec
	 * @return the package
	 * @throws IllegalArgumentException naming what is wrong when the spec is not a
	 * package name with an exact version
	 */
	public static NpmPackage parse(String spec) {
		Matcher matcher = SPEC.matcher(spec.strip());
		if (!matcher.matches()) {
			throw new IllegalArgumentException("must be name@version, e.g. is-number@7.0.0, was '%s'".formatted(spec));
		}
		if (matcher.group(2) == null || matcher.group(2).isEmpty()) {
			throw new IllegalArgumentException(
					"has no version: write '%s@<exact version>', e.g. is-number@7.0.0".formatted(matcher.group(1)));
		}
		return new NpmPackage(matcher.group(1), matcher.group(2));
	}

	private static @Nullable String problem(String name, String version) {
		if (!NAME.matcher(name).matches()) {
			return "'%s' is not an npm package name".formatted(name);
		}
		if (!EXACT_VERSION.matcher(version).matches()) {
			return "'%s@%s' needs an exact version (like 7.0.0), not a range or tag".formatted(name, version);
		}
		return null;
	}

	/**
	 * The spec npm installs: {@code name@version}.
	 */
	@Override
	public String toString() {
		return this.name + "@" + this.version;
	}

}
