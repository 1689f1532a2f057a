package io.github.lazymcp.benchmarks.soak.judge;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The declared outage windows of a run, in milliseconds since it started: opened when a
 * fault is injected, closed when the harness saw the system recover, and never longer
 * than the fault's bound
 * ({@link io.github.lazymcp.benchmarks.soak.faults.FaultPlan#bound}), whether or not it
 * recovered. What a window excuses:
 * <ul>
 * <li>the database: a 5xx answer from any instance, a failed tool call on any instance (a
 * deferred call activates its tool in the session first), and the sessions' tools missing
 * from model requests (those requests are not checked);</li>
 * <li>an instance (its restart): that instance's 5xx answers, chats it refused, left
 * unanswered or broke off, and tool calls that failed on it;</li>
 * <li>an MCP server killed (on one instance for stdio) or slow: failed calls of its tools
 * (there only). Chats must go on, so no 5xx.</li>
 * </ul>
 * Thread-safe.
 */
public final class FaultWindows {

	private final LongSupplier clock;

	private final List<Window> windows = new ArrayList<>();

	/**
	 * Creates an empty set of windows.
	 * @param clock milliseconds since the run started
	 */
	public FaultWindows(LongSupplier clock) {
		this.clock = clock;
	}

	public long now() {
		return this.clock.getAsLong();
	}

	/**
	 * Opens a window now.
	 * @param kind what is out
	 * @param target the instance, the server ({@code name@instance} for stdio), or the
	 * database
	 * @param bound the longest it may last
	 * @return the open window
	 */
	public synchronized Window open(Kind kind, String target, Duration bound) {
		long now = now();
		Window window = new Window(kind, target, now, Long.MAX_VALUE, now + bound.toMillis());
		this.windows.add(window);
		return window;
	}

	/**
	 * Closes a window now (or at its bound, if that came first).
	 * @param window the open window
	 */
	public synchronized void close(Window window) {
		int index = this.windows.indexOf(window);
		if (index >= 0) {
			this.windows.set(index, new Window(window.kind(), window.target(), window.start(),
					Math.min(now(), window.limit()), window.limit()));
		}
	}

	/**
	 * Takes back a window whose fault turned out not to happen: it excuses nothing.
	 * @param window the window
	 */
	public synchronized void discard(Window window) {
		this.windows.remove(window);
	}

	/**
	 * Whether the database was out at a moment.
	 * @param at milliseconds since the start
	 * @return true inside a database window, open or closed
	 */
	public synchronized boolean databaseDown(long at) {
		return this.windows.stream().anyMatch((window) -> window.kind() == Kind.DATABASE && window.covers(at, at));
	}

	/**
	 * Whether a 5xx answer of an instance to a request sent and answered at the given
	 * moments falls in a declared outage.
	 * @param sent when the request was sent
	 * @param answered when the answer came
	 * @param instance the instance that answered
	 * @return true when a database window, or a window of that instance, overlaps the
	 * request
	 */
	synchronized boolean excuses(long sent, long answered, String instance) {
		return this.windows.stream()
			.anyMatch((window) -> window.covers(sent, answered) && (window.kind() == Kind.DATABASE
					|| (window.kind() == Kind.INSTANCE && window.target().equals(instance))));
	}

	/**
	 * Whether a declared outage explains an incident (see the class comment).
	 * @param incident the incident
	 * @return true when a window that explains its kind overlaps it
	 */
	synchronized boolean explains(Incidents.Incident incident) {
		return this.windows.stream()
			.anyMatch((window) -> window.covers(incident.from(), incident.to()) && explains(window, incident));
	}

	private static boolean explains(Window window, Incidents.Incident incident) {
		boolean ownInstance = window.kind() == Kind.INSTANCE && window.target().equals(incident.instance());
		return switch (incident.kind()) {
			case TOOL_CALL -> ownInstance || window.kind() == Kind.DATABASE
					|| ((window.kind() == Kind.SERVER || window.kind() == Kind.SLOW)
							&& (window.target().equals(incident.server())
									|| window.target().equals(incident.server() + "@" + incident.instance())));
			case CHAT_REFUSED, CHAT_TIMEOUT, CHAT_BROKEN -> ownInstance;
			case CHAT_CLIENT_ERROR -> false;
		};
	}

	public synchronized List<Window> all() {
		return List.copyOf(this.windows);
	}

	/**
	 * What a window is about.
	 */
	public enum Kind {

		/** PostgreSQL stopped, until sessions are answered again. */
		DATABASE,

		/** An app instance restarting, until it serves again. */
		INSTANCE,

		/** An MCP server killed, until it is served again everywhere. */
		SERVER,

		/** An MCP server answering slowly, until it is served again at its speed. */
		SLOW

	}

	/**
	 * One window.
	 *
	 * @param kind what is out
	 * @param target the instance or server
	 * @param start when it opened
	 * @param end when it closed, {@link Long#MAX_VALUE} while open
	 * @param limit when it ends at the latest: its fault's bound after its start
	 */
	public record Window(Kind kind, String target, long start, long end, long limit) {

		/**
		 * Whether the window overlaps a span.
		 * @param from the span's start
		 * @param to its end, not before its start
		 * @return true when they share a moment
		 */
		boolean covers(long from, long to) {
			return from <= Math.min(this.end, this.limit) && to >= this.start;
		}

	}

}
