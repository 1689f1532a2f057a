package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.jspecify.annotations.Nullable;

/**
 * The one PostgreSQL both app instances keep their sessions, learned uses and shared
 * embeddings in: PostgreSQL 16 from the Maven artifact the tests use, on a fixed port and
 * data folder, so that it can be stopped and started again as a database server restarts.
 */
public final class Database implements AutoCloseable {

	private final Path dataDirectory;

	private int port;

	private @Nullable EmbeddedPostgres server;

	Database(Path dataDirectory) {
		this.dataDirectory = dataDirectory;
	}

	/**
	 * Starts the server: on a free port the first time, on the same port and data folder
	 * after a {@link #stop()}.
	 */
	public synchronized void start() {
		try {
			EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
				.setDataDirectory(this.dataDirectory)
				.setCleanDataDirectory(false);
			if (this.port != 0) {
				builder.setPort(this.port);
			}
			this.server = builder.start();
			this.port = this.server.getPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Stops the server (a fast shutdown: open connections are closed).
	 * @return false when it was not running
	 */
	public synchronized boolean stop() {
		EmbeddedPostgres running = this.server;
		this.server = null;
		if (running == null) {
			return false;
		}
		try {
			running.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return true;
	}

	String jdbcUrl() {
		return "jdbc:postgresql://127.0.0.1:" + this.port + "/postgres";
	}

	/**
	 * Counts a table's rows.
	 * @param table the table
	 * @return the rows, or -1 when the server or the table is not there
	 */
	public synchronized long rows(String table) {
		EmbeddedPostgres running = this.server;
		if (running == null) {
			return -1;
		}
		try (Connection connection = running.getPostgresDatabase().getConnection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT count(*) FROM " + table)) {
			result.next();
			return result.getLong(1);
		}
		catch (SQLException ex) {
			return -1;
		}
	}

	@Override
	public void close() {
		stop();
	}

}
