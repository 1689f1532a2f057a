package io.github.lazymcp.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on loopback in front of one port, as a load balancer (or the soak's delay
 * proxy) stands in front of a server: it accepts every connection while the server behind
 * is away and closes it at once, so that an HTTP client sees its connection closed
 * ("header parser received no bytes") rather than refused. Told to, it also closes a
 * connection on which a POST request starts, before passing on a byte of it: what a
 * server does that closes an idle keep-alive connection just as a request arrives on it
 * (Node closes them after five seconds), the request never reaching it. Two threads per
 * connection; when either side closes, both sockets close.
 */
final class LoopbackProxy implements AutoCloseable {

	private final ServerSocket listener;

	private final int upstream;

	private final AtomicInteger closedUnserved = new AtomicInteger();

	private final AtomicInteger postsToDrop = new AtomicInteger();

	private final AtomicInteger droppedPosts = new AtomicInteger();

	private LoopbackProxy(int upstream) throws IOException {
		this.upstream = upstream;
		this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		daemon("proxy-accept", this::accept).start();
	}

	/**
	 * Starts a proxy on a free loopback port.
	 * @param upstream the port of the server behind it
	 * @return the proxy, accepting connections
	 */
	static LoopbackProxy to(int upstream) {
		try {
			return new LoopbackProxy(upstream);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	String url() {
		return "http://127.0.0.1:" + this.listener.getLocalPort();
	}

	/**
	 * How many connections were closed because the server behind did not accept them.
	 * @return the count so far
	 */
	int closedUnserved() {
		return this.closedUnserved.get();
	}

	/**
	 * Closes the connections the next POST requests start on, unanswered, none of their
	 * bytes passed on.
	 * @param count how many requests to drop
	 */
	void dropNextPosts(int count) {
		this.postsToDrop.set(count);
	}

	/**
	 * How many POST requests were dropped.
	 * @return the count so far
	 */
	int droppedPosts() {
		return this.droppedPosts.get();
	}

	@Override
	public void close() throws IOException {
		this.listener.close();
	}

	private void accept() {
		while (!this.listener.isClosed()) {
			try {
				relay(this.listener.accept());
			}
			catch (IOException ex) {
				// closed, or one connection failed: the next accept decides
			}
		}
	}

	private void relay(Socket client) {
		Socket server = new Socket();
		try {
			server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.upstream), 2000);
		}
		catch (IOException ex) {
			this.closedUnserved.incrementAndGet();
			closeQuietly(client);
			closeQuietly(server);
			return;
		}
		// Whether the client's next bytes start a request: none sent yet, or an answer
		// came since.
		AtomicBoolean awaitingRequest = new AtomicBoolean(true);
		daemon("proxy-request", () -> pump(client, server, (bytes, length) -> {
			boolean starts = awaitingRequest.getAndSet(false);
			return starts && isPost(bytes, length) && dropsNextPost();
		})).start();
		daemon("proxy-answer", () -> pump(server, client, (bytes, length) -> {
			awaitingRequest.set(true);
			return false;
		})).start();
	}

	private boolean dropsNextPost() {
		if (this.postsToDrop.getAndUpdate((left) -> Math.max(0, left - 1)) == 0) {
			return false;
		}
		this.droppedPosts.incrementAndGet();
		return true;
	}

	private static boolean isPost(byte[] bytes, int length) {
		return length >= 5 && new String(bytes, 0, 5, StandardCharsets.US_ASCII).equals("POST ");
	}

	private static void pump(Socket from, Socket to, Drop drop) {
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			byte[] buffer = new byte[8192];
			for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
				if (drop.drops(buffer, read)) {
					break;
				}
				out.write(buffer, 0, read);
				out.flush();
			}
		}
		catch (IOException ex) {
			// closed
		}
		closeQuietly(from);
		closeQuietly(to);
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

	/** Whether the bytes just read close the connection instead of being passed on. */
	private interface Drop {

		boolean drops(byte[] bytes, int length);

	}

	private static Thread daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

}
