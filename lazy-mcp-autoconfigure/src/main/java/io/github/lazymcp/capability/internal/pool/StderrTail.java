package io.github.lazymcp.capability.internal.pool;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The last lines a stdio server wrote to stderr: a server that dies while starting
 * usually says why there, and that belongs in the failure report.
 */
final class StderrTail implements Consumer<String> {

	private static final Log logger = LogFactory.getLog(StderrTail.class);

	private static final int LINES = 10;

	private final String server;

	private final Deque<String> lines = new ArrayDeque<>();

	StderrTail(String server) {
		this.server = server;
	}

	@Override
	public void accept(String line) {
		if (logger.isDebugEnabled()) {
			logger.debug("MCP server '%s' stderr: %s".formatted(this.server, line));
		}
		synchronized (this.lines) {
			if (this.lines.size() == LINES) {
				this.lines.removeFirst();
			}
			this.lines.addLast(line);
		}
	}

	/**
	 * The kept lines, for a failure message.
	 * @return the lines joined, or an empty string when the server wrote nothing
	 */
	String describe() {
		synchronized (this.lines) {
			return this.lines.isEmpty() ? "" : "; stderr: " + String.join(" | ", this.lines);
		}
	}

}
