package io.github.lazymcp.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on loopback in front of one port, as a load balancer (or the soak's delay
 * proxy) stands in front of a server: it accepts every connection while the server behind
 * is away and closes it at once, so that an HTTP client sees its connection closed
 * ("header parser received no bytes") rather than refused. Two threads per connection;
 * when either side closes, both sockets close.
 */
final class LoopbackProxy implements AutoCloseable {

	private final ServerSocket listener;

	private final int upstream;

	private final AtomicInteger closedUnserved = new AtomicInteger();

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
		daemon("proxy-request", () -> pump(client, server)).start();
		daemon("proxy-answer", () -> pump(server, client)).start();
	}

	private static void pump(Socket from, Socket to) {
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			in.transferTo(out);
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

	private static Thread daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

}
