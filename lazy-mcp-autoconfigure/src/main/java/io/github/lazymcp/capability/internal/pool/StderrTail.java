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

	/** How long no new line must have come before the tail counts as read. */
	private static final long QUIET_NANOS = 100_000_000L;

	/** How long {@link #describeSettled()} waits at most. */
	private static final long SETTLE_NANOS = 1_000_000_000L;

	private final String server;

	private final Deque<String> lines = new ArrayDeque<>();

	private volatile long lastLine = System.nanoTime();

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
		this.lastLine = System.nanoTime();
	}

	/**
	 * The kept lines, once no line has come for a tenth of a second since this was asked
	 * (waiting a second at most): the start of a server that exits while starting fails
	 * as soon as its process ends, and the MCP SDK's thread may still be reading the last
	 * lines it wrote.
	 * @return the lines joined, or an empty string when the server wrote nothing
	 */
	String describeSettled() {
		long start = System.nanoTime();
		try {
			while (System.nanoTime() - latest(this.lastLine, start) < QUIET_NANOS
					&& System.nanoTime() - start < SETTLE_NANOS) {
				Thread.sleep(20);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return describe();
	}

	private static long latest(long one, long other) {
		return (one - other > 0) ? one : other;
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
