package io.github.lazymcp.capability.internal.routing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Requests no capability is for: small talk, general knowledge, writing help. The router
 * compares a message with them before it enables anything.
 */
public final class GeneralRequests {

	private static final String RESOURCE = "general-requests.txt";

	private GeneralRequests() {
	}

	/**
	 * The hundred general requests that ship with lazy-mcp.
	 * @return them, in file order
	 */
	public static List<String> bundled() {
		try (InputStream in = Objects.requireNonNull(GeneralRequests.class.getResourceAsStream(RESOURCE),
				RESOURCE + " is missing from the classpath")) {
			return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + RESOURCE, ex);
		}
	}

	/**
	 * The bundled general requests followed by an application's own.
	 * @param extra the application's, such as questions its users often ask that no
	 * capability is for
	 * @return all of them
	 */
	public static List<String> bundledAnd(List<String> extra) {
		List<String> all = new ArrayList<>(bundled());
		extra.stream().map(String::strip).filter((request) -> !request.isEmpty()).forEach(all::add);
		return List.copyOf(all);
	}

	/**
	 * Reads general requests written as the bundled file is: one per line, lines starting
	 * with {@code #} ignored.
	 * @param text the file's text
	 * @return the requests, in order
	 */
	public static List<String> parse(String text) {
		return text.lines().map(String::strip).filter((line) -> !line.isEmpty() && !line.startsWith("#")).toList();
	}

}
