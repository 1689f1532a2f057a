package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One MCP server over HTTP that the harness runs itself, so that it can kill it and start
 * it again on the same port: {@code server-everything} from {@code mcp-servers/}, in
 * Streamable HTTP ({@code streamableHttp}, at {@code /mcp}) or SSE ({@code sse}, at
 * {@code /sse}) mode.
 */
public final class HttpMcpServer implements AutoCloseable {

	private final String name;

	private final Path bin;

	private final String mode;

	private final int port;

	private final Path log;

	private @Nullable Process process;

	/**
	 * Describes the server; nothing starts before {@link #start()}.
	 * @param name its connection name in the apps
	 * @param mcpServers the {@code mcp-servers} folder
	 * @param mode {@code streamableHttp} or {@code sse}
	 * @param port the port it listens on, every time it starts
	 * @param log where its output goes
	 */
	HttpMcpServer(String name, Path mcpServers, String mode, int port, Path log) {
		this.name = name;
		this.bin = mcpServers.resolve("node_modules/.bin/mcp-server-everything");
		this.mode = mode;
		this.port = port;
		this.log = log;
	}

	public String name() {
		return this.name;
	}

	int port() {
		return this.port;
	}

	/**
	 * Starts the process and waits until its port accepts connections.
	 */
	public synchronized void start() {
		ProcessBuilder builder = new ProcessBuilder(List.of(this.bin.toString(), this.mode)).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()));
		builder.environment().put("PORT", Integer.toString(this.port));
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		awaitPort(this.port, Duration.ofSeconds(60));
	}

	/**
	 * Kills the process with SIGKILL, as a crash would end it, and waits for it to be
	 * gone.
	 * @return false when it was not running
	 */
	public synchronized boolean kill() {
		Process running = this.process;
		this.process = null;
		if (running == null || !running.isAlive()) {
			return false;
		}
		running.destroyForcibly();
		try {
			running.waitFor();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return true;
	}

	@Override
	public void close() {
		kill();
	}

	/**
	 * Waits until something accepts connections on a loopback port.
	 * @param port the port
	 * @param timeout how long to wait
	 * @throws IllegalStateException when nothing listens in time
	 */
	static void awaitPort(int port, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
				return;
			}
			catch (IOException ex) {
				Pause.millis(100);
			}
		}
		throw new IllegalStateException("Nothing listens on port " + port + " after " + timeout);
	}

}
