package io.github.lazymcp.samples.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The {@code users} profile's notes server: the project's MCP test server on the official
 * TypeScript SDK ({@code mcp-servers/test-servers/scoped-server.mjs}), over Streamable
 * HTTP on {@code sample.notes.port}. It accepts only access tokens signed by this app's
 * authorization server (it reads the key set from {@code /oauth2/jwks} once the web
 * server listens) and lists tools by the scopes of the token that opened a connection:
 * {@code whoami} and {@code archive_notes} always, {@code read_notes} with
 * {@code notes:read}, {@code write_notes} with {@code notes:write}. A real deployment
 * points the capability file at its own server instead; nothing here is lazy-mcp's.
 */
@Component
@Profile("users")
class NotesServer implements ApplicationListener<WebServerInitializedEvent>, DisposableBean {

	private static final Log logger = LogFactory.getLog(NotesServer.class);

	private static final Duration START = Duration.ofSeconds(60);

	private final Path script;

	private final int port;

	private @Nullable Process process;

	NotesServer(@Value("${sample.notes.script}") String script, @Value("${sample.notes.port}") int port) {
		this.script = Path.of(script);
		this.port = port;
	}

	@Override
	public void onApplicationEvent(WebServerInitializedEvent event) {
		if (this.process != null) {
			return;
		}
		if (!Files.isRegularFile(this.script)) {
			throw new IllegalStateException("sample.notes.script: no file at " + this.script.toAbsolutePath()
					+ "; run the sample from the repository root, where mcp-servers/ is");
		}
		ProcessBuilder builder = new ProcessBuilder("node", this.script.toString(), "streamableHttp")
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().put("PORT", Integer.toString(this.port));
		builder.environment().put("JWKS_URL", "http://127.0.0.1:" + event.getWebServer().getPort() + "/oauth2/jwks");
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("The notes server did not start (is Node.js on the PATH?)", ex);
		}
		awaitListening(this.process);
		logger.info("Notes server (per user) on http://127.0.0.1:" + this.port + "/mcp");
	}

	private void awaitListening(Process started) {
		Instant deadline = Instant.now().plus(START);
		while (!listening()) {
			if (!started.isAlive()) {
				throw new IllegalStateException("The notes server exited with " + started.exitValue() + " (is port "
						+ this.port + " free? set sample.notes.port)");
			}
			if (Instant.now().isAfter(deadline)) {
				throw new IllegalStateException(
						"The notes server did not listen on port " + this.port + " within " + START.toSeconds() + " s");
			}
			try {
				Thread.sleep(100);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while the notes server started", ex);
			}
		}
	}

	private boolean listening() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	@Override
	public void destroy() {
		if (this.process != null) {
			this.process.destroy();
		}
	}

}
