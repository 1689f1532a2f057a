package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/*
 * A TCP proxy on loopback that makes the server behind it slow when asked: while a delay
 * is set, every chunk a client sends reaches the server that much later. Chunks keep
 * their order and their spacing (a delay line, not a queue of sleeps), so a request of
 * several chunks is late by the delay once, not once per chunk. The server's answers pass
 * straight through. Three threads per connection: the server-to-client pump, and a reader
 * and a writer for the delayed direction. When either side closes, both sockets close.
 */

/**
 * Puts a switchable delay in front of a server on loopback.
 */
public final class DelayProxy implements AutoCloseable {

	private final ServerSocket listener;

	private final int upstream;

	private volatile long delayNanos;

	/**
	 * Starts listening on a free loopback port.
	 * @param upstream the port of the server behind the proxy
	 * @throws IOException when no port can be opened
	 */
	DelayProxy(int upstream) throws IOException {
		this.upstream = upstream;
		this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		daemon("soak-proxy-accept", this::accept).start();
	}

	int port() {
		return this.listener.getLocalPort();
	}

	/**
	 * Sets the delay of everything clients send from now on.
	 * @param delay the delay, zero for none
	 */
	public void delay(Duration delay) {
		this.delayNanos = delay.toNanos();
	}

	@Override
	public void close() throws IOException {
		this.listener.close();
	}

	private void accept() {
		while (!this.listener.isClosed()) {
			try {
				Socket client = this.listener.accept();
				connect(client);
			}
			catch (IOException ex) {
				// closed, or one connection failed: the next accept decides
			}
		}
	}

	private void connect(Socket client) {
		Socket server = new Socket();
		try {
			server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.upstream), 2000);
		}
		catch (IOException ex) {
			// The server is down: the client sees its connection closed, as with no proxy
			// it would see it refused.
			closeQuietly(client);
			closeQuietly(server);
			return;
		}
		BlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
		daemon("soak-proxy-read", () -> read(client, server, line)).start();
		daemon("soak-proxy-write", () -> write(line, server, client)).start();
		daemon("soak-proxy-answer", () -> pump(server, client)).start();
	}

	private void read(Socket from, Socket to, BlockingQueue<Chunk> line) {
		byte[] buffer = new byte[16384];
		try (InputStream in = from.getInputStream()) {
			for (int read; (read = in.read(buffer)) >= 0;) {
				line.add(new Chunk(Arrays.copyOf(buffer, read), System.nanoTime() + this.delayNanos));
			}
		}
		catch (IOException ex) {
			// closed
		}
		line.add(Chunk.END);
		closeQuietly(from);
	}

	private void write(BlockingQueue<Chunk> line, Socket to, Socket from) {
		try (OutputStream out = to.getOutputStream()) {
			for (Chunk chunk = line.take(); chunk != Chunk.END; chunk = line.take()) {
				Pause.millis((chunk.due() - System.nanoTime()) / 1_000_000);
				out.write(chunk.bytes());
				out.flush();
			}
		}
		catch (IOException | InterruptedException ex) {
			// closed
		}
		closeQuietly(to);
		closeQuietly(from);
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

	/**
	 * Bytes a client sent, and when they may reach the server.
	 */
	private record Chunk(byte[] bytes, long due) {

		static final Chunk END = new Chunk(new byte[0], 0);

	}

}
