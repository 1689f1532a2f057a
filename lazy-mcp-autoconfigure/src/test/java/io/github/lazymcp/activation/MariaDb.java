package io.github.lazymcp.activation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;

import org.junit.jupiter.api.Assumptions;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.awaitility.Awaitility.await;

/**
 * A real MariaDB server for the tests, from Debian's {@code mariadb-server} package (no
 * Docker): a private instance on a free loopback port with its data in a temporary
 * folder, started once per test JVM and stopped when it exits. It serves the MariaDB
 * schema through the MariaDB driver, and the MySQL schema through MySQL Connector/J, each
 * in a database of its own.
 * <p>
 * Where the package is not installed the tests that need it are skipped, saying how to
 * install it; with {@code LAZYMCP_REQUIRE_MARIADB=true} (set by {@code .ci/run}) they
 * fail instead.
 */
public final class MariaDb {

	private static final List<Path> SERVERS = List.of(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/sbin/mysqld"));

	private static final List<Path> INSTALLERS = List.of(Path.of("/usr/bin/mariadb-install-db"),
			Path.of("/usr/bin/mysql_install_db"));

	private static MariaDb shared;

	private final Path data;

	private final int port;

	private final Process process;

	private MariaDb(Path server, Path installer) throws IOException, InterruptedException {
		this.data = Files.createTempDirectory("lazy-mcp-mariadb");
		this.port = freePort();
		boolean root = "root".equals(System.getProperty("user.name"));
		List<String> install = new ArrayList<>(List.of(installer.toString(), "--no-defaults", "--datadir=" + this.data,
				"--auth-root-authentication-method=normal", "--skip-test-db"));
		if (root) {
			install.add("--user=root");
		}
		Process installing = new ProcessBuilder(install).redirectErrorStream(true)
			.redirectOutput(this.data.resolveSibling(this.data.getFileName() + "-install.log").toFile())
			.start();
		if (!installing.waitFor(2, TimeUnit.MINUTES) || installing.exitValue() != 0) {
			throw new IllegalStateException("mariadb-install-db failed; see " + this.data + "-install.log");
		}
		List<String> start = new ArrayList<>(List.of(server.toString(), "--no-defaults", "--datadir=" + this.data,
				"--port=" + this.port, "--bind-address=127.0.0.1", "--socket=" + this.data.resolve("mariadb.sock"),
				"--pid-file=" + this.data.resolve("mariadb.pid"), "--skip-grant-tables", "--skip-log-bin",
				"--innodb-buffer-pool-size=64M", "--log-error=" + this.data.resolve("error.log")));
		if (root) {
			start.add("--user=root");
		}
		this.process = new ProcessBuilder(start).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		await("MariaDB on port " + this.port).atMost(Duration.ofMinutes(1))
			.pollInterval(Duration.ofMillis(100))
			.until(this::listening);
		JdbcClient admin = JdbcClient.create(dataSource("jdbc:mariadb://127.0.0.1:%d/".formatted(this.port)));
		admin.sql("CREATE DATABASE IF NOT EXISTS lazymcp_mariadb").update();
		admin.sql("CREATE DATABASE IF NOT EXISTS lazymcp_mysql").update();
	}

	/**
	 * The server shared by the tests of this JVM; skips the calling test where MariaDB is
	 * not installed.
	 * @return the running server
	 */
	public static synchronized MariaDb shared() {
		if (shared == null) {
			Path server = SERVERS.stream().filter(Files::isExecutable).findFirst().orElse(null);
			Path installer = INSTALLERS.stream().filter(Files::isExecutable).findFirst().orElse(null);
			if (server == null || installer == null) {
				String missing = "MariaDB is not installed; install it with: apt-get update && apt-get install -y "
						+ "mariadb-server";
				if (Boolean.parseBoolean(System.getenv("LAZYMCP_REQUIRE_MARIADB"))) {
					throw new IllegalStateException(missing);
				}
				Assumptions.abort(missing);
			}
			try {
				shared = new MariaDb(server, installer);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			Runtime.getRuntime().addShutdownHook(new Thread(shared::stop));
		}
		return shared;
	}

	/**
	 * The database of the MariaDB schema, through the MariaDB driver.
	 * @return the data source
	 */
	public DataSource mariaDb() {
		return dataSource("jdbc:mariadb://127.0.0.1:%d/lazymcp_mariadb".formatted(this.port));
	}

	/**
	 * The database of the MySQL schema, through MySQL Connector/J, as an application on
	 * MySQL reaches it.
	 * @return the data source
	 */
	public DataSource mysql() {
		return dataSource("jdbc:mysql://127.0.0.1:%d/lazymcp_mysql".formatted(this.port));
	}

	/**
	 * The JDBC URL of the MariaDB schema's database.
	 * @return the URL
	 */
	public String mariaDbUrl() {
		return "jdbc:mariadb://127.0.0.1:%d/lazymcp_mariadb".formatted(this.port);
	}

	private static DataSource dataSource(String url) {
		return new DriverManagerDataSource(url, "root", "");
	}

	private void stop() {
		this.process.destroy();
		try {
			this.process.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		try (Stream<Path> files = Files.walk(this.data)) {
			files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException ex) {
			// a temporary folder left behind
		}
	}

	private boolean listening() {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("mariadbd exited; see " + this.data.resolve("error.log"));
		}
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
