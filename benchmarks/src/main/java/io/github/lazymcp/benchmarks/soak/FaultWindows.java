package io.github.lazymcp.benchmarks.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The declared outage windows of a run, in milliseconds since it started: opened when a
 * fault is injected, closed when the harness saw the system recover. A window of the
 * database excuses a 5xx answer from any instance and hides sessions' tools from model
 * requests; a window of an instance (its restart) excuses that instance's 5xx answers.
 * MCP server outages and slow servers excuse nothing: their tools must answer with error
 * results, and chats must go on. Thread-safe.
 */
final class FaultWindows {

	private final LongSupplier clock;

	private final List<Window> windows = new ArrayList<>();

	/**
	 * Creates an empty set of windows.
	 * @param clock milliseconds since the run started
	 */
	FaultWindows(LongSupplier clock) {
		this.clock = clock;
	}

	long now() {
		return this.clock.getAsLong();
	}

	/**
	 * Opens a window now.
	 * @param kind what is out
	 * @param target the instance or server, or the database
	 * @return the open window
	 */
	synchronized Window open(Kind kind, String target) {
		Window window = new Window(kind, target, now(), Long.MAX_VALUE);
		this.windows.add(window);
		return window;
	}

	/**
	 * Closes a window now.
	 * @param window the open window
	 */
	synchronized void close(Window window) {
		int index = this.windows.indexOf(window);
		if (index >= 0) {
			this.windows.set(index, new Window(window.kind(), window.target(), window.start(), now()));
		}
	}

	/**
	 * Whether the database was out at a moment.
	 * @param at milliseconds since the start
	 * @return true inside a database window, open or closed
	 */
	synchronized boolean databaseDown(long at) {
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

	synchronized List<Window> all() {
		return List.copyOf(this.windows);
	}

	/**
	 * What a window is about.
	 */
	enum Kind {

		/** PostgreSQL stopped, until sessions are answered again. */
		DATABASE,

		/** An app instance restarting, until it serves again. */
		INSTANCE,

		/** An MCP server killed, until it is up again everywhere. */
		SERVER,

		/** An MCP server answering slowly, until it is fast again. */
		SLOW

	}

	/**
	 * One window.
	 *
	 * @param kind what is out
	 * @param target the instance or server
	 * @param start when it opened
	 * @param end when it closed, {@link Long#MAX_VALUE} while open
	 */
	record Window(Kind kind, String target, long start, long end) {

		/**
		 * Whether the window overlaps a span.
		 * @param from the span's start
		 * @param to its end, not before its start
		 * @return true when they share a moment
		 */
		boolean covers(long from, long to) {
			return from <= this.end && to >= this.start;
		}

	}

}
