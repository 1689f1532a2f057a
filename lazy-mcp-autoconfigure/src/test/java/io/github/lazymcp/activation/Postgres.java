package io.github.lazymcp.activation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL 16 server for the tests, started from the Maven artifact (no Docker,
 * no system install) on a free port with its data in a temporary folder. One server per
 * instance; {@link #shared()} is started once per test JVM and stopped when it exits.
 * {@link #stop()} and {@link #start()} let a test take the database away and bring it
 * back on the same port with the same data.
 */
public final class Postgres {

	private static Postgres shared;

	private final Path data;

	private int port;

	private EmbeddedPostgres server;

	private Postgres() throws IOException {
		this.data = Files.createTempDirectory("lazy-mcp-pg");
		// Not cleaned on stop, so that start() brings the same data back; the folder is
		// deleted when the JVM exits.
		this.server = EmbeddedPostgres.builder().setDataDirectory(this.data).setCleanDataDirectory(false).start();
		Runtime.getRuntime().addShutdownHook(new Thread(this::deleteData));
		this.port = this.server.getPort();
	}

	/**
	 * The server shared by the tests of this JVM.
	 * @return the running server
	 */
	public static synchronized Postgres shared() {
		if (shared == null) {
			shared = started();
			Runtime.getRuntime().addShutdownHook(new Thread(shared::stop));
		}
		return shared;
	}

	/**
	 * A server of the caller's own, to stop and start at will.
	 * @return the running server
	 */
	public static Postgres started() {
		try {
			return new Postgres();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void deleteData() {
		try (var files = Files.walk(this.data)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException ex) {
			// a temporary folder left behind
		}
	}

	public DataSource dataSource() {
		return this.server.getPostgresDatabase();
	}

	/**
	 * The properties that keep an app's sessions in this server.
	 * @return {@code key=value} pairs
	 */
	public String[] sessionStoreProperties() {
		return new String[] { "tools.lazy-mcp.sessions.store=jdbc", "spring.datasource.url=" + url(),
				"spring.datasource.username=postgres" };
	}

	public String url() {
		return "jdbc:postgresql://localhost:%d/postgres".formatted(this.port);
	}

	public synchronized void stop() {
		try {
			this.server.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public synchronized void start() {
		try {
			this.server = EmbeddedPostgres.builder()
				.setDataDirectory(this.data)
				.setCleanDataDirectory(false)
				.setPort(this.port)
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
