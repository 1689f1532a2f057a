package io.github.lazymcp.benchmarks.soak.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Everything that went wrong for a conversation and that only the fault plan may explain:
 * failed tool calls, chats refused, unanswered, broken off or answered with a 4xx. Kept
 * until the end of the run, when every outage window is closed and each incident is
 * judged: explained by a window ({@link FaultWindows#explains}), or not. Thread-safe.
 */
public final class Incidents {

	private static final int SNIPPET = 160;

	/**
	 * A tool result that is the server's own answer about the call, not a failure to make
	 * it: an error result ({@code isError}, which Spring AI hands on as "Error calling
	 * tool: ...") or a JSON-RPC error the server returned (the TypeScript SDK's "MCP
	 * error -32602: ...", invalid arguments). The scripted model's arguments come from
	 * schemas, not from a model that reads the server's answers, so some are wrong.
	 */
	private static final Pattern SERVER_ANSWER = Pattern.compile("^\"?(Error calling tool:|MCP error -32[0-9]{3}:)");

	private final List<Incident> incidents = new ArrayList<>();

	/**
	 * Whether the error result of a tool call is the server's own answer about the call
	 * rather than a failure to make it.
	 * @param result the result's text, as the model received it
	 * @return true for the server's answer
	 */
	public static boolean serverAnswered(String result) {
		return SERVER_ANSWER.matcher(result.strip()).find();
	}

	/**
	 * Records one incident.
	 * @param kind what went wrong
	 * @param instance the instance that served the conversation
	 * @param server the server whose tool was called, or null
	 * @param from when the request was sent, milliseconds since the start
	 * @param to when it was answered or given up on
	 * @param detail what was answered, cut short
	 */
	public synchronized void add(Kind kind, String instance, @Nullable String server, long from, long to,
			String detail) {
		String snippet = detail.length() > SNIPPET ? detail.substring(0, SNIPPET) + "…" : detail;
		this.incidents.add(new Incident(kind, instance, server, from, Math.max(from, to), snippet));
	}

	/**
	 * The incidents no declared outage explains.
	 * @param windows the run's windows
	 * @return those incidents, in the order recorded
	 */
	public synchronized List<Incident> unexplained(FaultWindows windows) {
		return this.incidents.stream().filter((incident) -> !windows.explains(incident)).toList();
	}

	/**
	 * How many incidents outages explained, by kind.
	 * @param windows the run's windows
	 * @return counts by kind
	 */
	public synchronized Map<String, Long> explained(FaultWindows windows) {
		Map<String, Long> counts = new TreeMap<>();
		this.incidents.stream()
			.filter(windows::explains)
			.forEach((incident) -> counts.merge(incident.kind().words(), 1L, Long::sum));
		return counts;
	}

	/**
	 * What can go wrong.
	 */
	public enum Kind {

		/** A call of an MCP tool answered with an error that is not the server's own. */
		TOOL_CALL("tool call failed"),

		/** A chat request refused (connection refused). */
		CHAT_REFUSED("chat refused"),

		/** A chat not answered within the conversation's timeout. */
		CHAT_TIMEOUT("chat not answered in time"),

		/** A chat whose connection broke before its answer. */
		CHAT_BROKEN("chat broken off"),

		/** A well-formed chat answered with a 4xx. */
		CHAT_CLIENT_ERROR("chat answered 4xx");

		private final String words;

		Kind(String words) {
			this.words = words;
		}

		String words() {
			return this.words;
		}

	}

	/**
	 * One incident.
	 *
	 * @param kind what went wrong
	 * @param instance the instance that served the conversation
	 * @param server the server whose tool was called, or null
	 * @param from when the request was sent
	 * @param to when it was answered or given up on
	 * @param detail the start of what was answered
	 */
	public record Incident(Kind kind, String instance, @Nullable String server, long from, long to, String detail) {

		@Override
		public String toString() {
			return "%.1f–%.1f s %s on %s%s: %s".formatted(this.from / 1000.0, this.to / 1000.0, this.kind.words(),
					this.instance, (this.server != null) ? " (" + this.server + ")" : "", this.detail);
		}

	}

}
