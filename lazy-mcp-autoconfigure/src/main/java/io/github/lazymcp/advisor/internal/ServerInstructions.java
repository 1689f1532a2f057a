package io.github.lazymcp.advisor.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.internal.TokenCounter;
import org.jspecify.annotations.Nullable;

/*
 * A server's instructions cost tokens on every request that carries them, so they are
 * carried only while the session has one of the server's tools active, and each is cut
 * to a budget. The servers follow the order in which their first active tool was
 * activated: an activation that brings a new server appends its text after the others,
 * so the text before it does not move and a provider's prompt cache keeps that part.
 * Only an eviction (which changes the request's tools anyway) can remove a server's
 * text from the middle.
 */

/**
 * The instructions MCP servers sent at initialization, as the guidance carries them.
 * Thread-safe.
 */
final class ServerInstructions {

	/** Ends a text cut to the budget. */
	static final String CUT = " […]";

	private final int maxTokens;

	private final TokenCounter tokenCounter;

	/** Per server, its last text and that text cut to the budget. */
	private final Map<String, Cut> cuts = new ConcurrentHashMap<>();

	/**
	 * Creates the part of the guidance that carries servers' instructions.
	 * @param maxTokens the most o200k tokens one server's instructions may take, at least
	 * 1
	 * @param tokenCounter counts the tokens
	 */
	ServerInstructions(int maxTokens, TokenCounter tokenCounter) {
		this.maxTokens = maxTokens;
		this.tokenCounter = tokenCounter;
	}

	/**
	 * The instructions of the servers with an active tool, each after a line that names
	 * its server.
	 * @param catalog the catalog the step sees
	 * @param active the session's active tools, in activation order
	 * @param owner the opaque id of the session's identity, or null for none: a per-user
	 * server's instructions are those it gave that identity's connection
	 * @return one block per server that sent instructions, in the order their first tool
	 * was activated; empty when there is none
	 */
	List<String> render(CatalogSnapshot catalog, List<String> active, @Nullable String owner) {
		Map<String, ServerState> byName = new LinkedHashMap<>();
		catalog.servers().forEach((server) -> byName.put(server.name(), server));
		Map<String, ServerState> inPlay = new LinkedHashMap<>();
		for (String name : active) {
			catalog.find(name)
				.map((tool) -> byName.get(tool.server()))
				.ifPresent((server) -> inPlay.putIfAbsent(server.name(), server));
		}
		List<String> blocks = new ArrayList<>();
		for (ServerState server : inPlay.values()) {
			String said = server.instructionsFor(owner);
			String text = (said != null) ? cut(server.name(), said) : "";
			if (!text.isEmpty()) {
				blocks.add("Instructions from MCP server '%s' for its tools:\n%s".formatted(server.name(), text));
			}
		}
		return blocks;
	}

	/**
	 * A server's instructions within the budget: whole when they fit, else the longest
	 * beginning that ends at a blank and fits with {@value #CUT} after it.
	 * @param server the server's name
	 * @param text its instructions
	 * @return the text to send; empty when not even its first word fits
	 */
	String cut(String server, String text) {
		Cut known = this.cuts.get(server);
		if (known != null && known.text().equals(text)) {
			return known.cut();
		}
		String cut = fit(text.strip());
		this.cuts.put(server, new Cut(text, cut));
		return cut;
	}

	private String fit(String text) {
		if (this.tokenCounter.count(text) <= this.maxTokens) {
			return text;
		}
		List<Integer> ends = new ArrayList<>();
		for (int i = 1; i < text.length(); i++) {
			if (Character.isWhitespace(text.charAt(i)) && !Character.isWhitespace(text.charAt(i - 1))) {
				ends.add(i);
			}
		}
		// The longest beginning that fits: the token count grows with the length.
		int low = 0;
		int high = ends.size() - 1;
		String best = "";
		while (low <= high) {
			int middle = (low + high) >>> 1;
			String candidate = text.substring(0, ends.get(middle)) + CUT;
			if (this.tokenCounter.count(candidate) <= this.maxTokens) {
				best = candidate;
				low = middle + 1;
			}
			else {
				high = middle - 1;
			}
		}
		return best;
	}

	/** A server's instructions and what the budget left of them. */
	private record Cut(String text, String cut) {

	}

}
