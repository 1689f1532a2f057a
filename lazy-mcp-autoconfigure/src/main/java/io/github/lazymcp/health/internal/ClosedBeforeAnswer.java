package io.github.lazymcp.health.internal;

import java.io.IOException;
import java.net.http.HttpTimeoutException;

/**
 * A request whose HTTP/1.1 connection closed before a byte of its answer came, read from
 * what the request threw. A server that closes an idle keep-alive connection (Node does
 * after five seconds) races the client that picks that connection from its pool for the
 * next request: the request goes out on a connection already closed, and never reaches
 * the server. The JDK's {@code HttpClient} sends such a request again by itself only when
 * it is a GET or a HEAD; a POST, which every MCP message is, fails with an
 * {@link IOException} whose message says no byte came. Browsers send any request again
 * when a reused connection closes before the answer; so does lazy-mcp, once.
 */
final class ClosedBeforeAnswer {

	/** The JDK's words, on an HTTP/1.1 connection closed before the status line. */
	static final String NO_BYTES = "HTTP/1.1 header parser received no bytes";

	private ClosedBeforeAnswer() {
	}

	/**
	 * Whether a failure is a connection closed before any byte of the answer.
	 * @param failure what sending a message threw
	 * @return true when one of its causes says so
	 */
	static boolean in(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof IOException && !(cause instanceof HttpTimeoutException)
					&& NO_BYTES.equals(cause.getMessage())) {
				return true;
			}
		}
		return false;
	}

}
