package io.github.lazymcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * {@code @modelcontextprotocol/server-everything} from the project's
 * {@code mcp-servers/node_modules}, serving MCP over HTTP ({@code streamableHttp} at
 * {@code /mcp}, or {@code sse} at {@code /sse}) on a free loopback port, as a process the
 * test can stop and start again on the same port.
 */
final class EverythingOverHttp implements AutoCloseable {

	private static final Path BIN = Path.of("../mcp-servers/node_modules/.bin/mcp-server-everything");

	private final String mode;

	private final int port;

	private Process process;

	private EverythingOverHttp(String mode, int port) {
		this.mode = mode;
		this.port = port;
	}

	/**
	 * Starts a server.
	 * @param mode {@code streamableHttp} or {@code sse}
	 * @return the running server
	 */
	static EverythingOverHttp start(String mode) {
		EverythingOverHttp server = new EverythingOverHttp(mode, freePort());
		server.start();
		return server;
	}

	String url() {
		return "http://localhost:" + this.port;
	}

	int port() {
		return this.port;
	}

	/** Starts the process again, on the same port, once it listens. */
	void start() {
		ProcessBuilder builder = new ProcessBuilder(BIN.toString(), this.mode).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().put("PORT", Integer.toString(this.port));
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		await(this.mode + " server on port " + this.port).atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(50))
			.until(this::listening);
	}

	/** Stops the process and waits until it is gone. */
	void stop() {
		Process running = this.process;
		if (running == null) {
			return;
		}
		running.descendants().forEach(ProcessHandle::destroyForcibly);
		running.destroyForcibly();
		try {
			running.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.process = null;
	}

	@Override
	public void close() {
		stop();
	}

	private boolean listening() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("localhost", this.port), 200);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
