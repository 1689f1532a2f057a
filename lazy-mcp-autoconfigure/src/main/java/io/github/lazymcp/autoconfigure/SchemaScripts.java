package io.github.lazymcp.autoconfigure;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.jdbc.init.PlatformPlaceholderDatabaseDriverResolver;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.jdbc.datasource.init.ScriptException;

/**
 * Runs lazy-mcp's idempotent schema scripts ({@code CREATE ... IF NOT EXISTS}) at
 * startup, tolerating another instance that creates the same tables at the same moment.
 * <p>
 * {@code IF NOT EXISTS} does not see an object whose creation another session has not
 * committed yet: on PostgreSQL the second session waits on the first one's catalog row
 * and fails with a unique violation (23505, on {@code pg_type} or {@code pg_class}) once
 * it commits, or with 42P07 or 42710 if it commits between the second's checks. On MySQL
 * and MariaDB the table's metadata lock makes the second wait and then skip the table;
 * should a clash get through there, it reports 42S01 and is treated alike. Such a failure
 * means the object now exists, so the script is run again, and this time
 * {@code IF NOT EXISTS} skips it. The scripts only create objects, so a unique violation
 * while running them can only be such a clash. Any other failure, or a clash on every
 * attempt, fails startup with the script's own exception, as before.
 */
final class SchemaScripts {

	/**
	 * Runs of one script at most. Each clash leaves one more of the script's objects
	 * created by the other instance, so a script clashes at most once per statement; the
	 * longest (learned uses) has four.
	 */
	static final int ATTEMPTS = 5;

	private static final Set<String> CLASHES = Set.of("23505", "42P07", "42710", "42S01");

	private static final Log logger = LogFactory.getLog(SchemaScripts.class);

	private SchemaScripts() {
	}

	/**
	 * Runs the script for the database's platform when the mode says so.
	 * @param database the application's database
	 * @param mode when to run it
	 * @param location the script, with {@code @@platform@@} for the platform's name
	 * @throws ScriptException when a statement fails other than by a concurrent creator,
	 * or by one on every attempt
	 */
	static void initialize(DataSource database, LazyMcpProperties.InitializeSchema mode, String location) {
		DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
		settings.setMode(DatabaseInitializationMode.valueOf(mode.name()));
		List<String> locations = new PlatformPlaceholderDatabaseDriverResolver().resolveAll(database, location);
		settings.setSchemaLocations(locations);
		for (int attempt = 1;; attempt++) {
			try {
				new DataSourceScriptDatabaseInitializer(database, settings).initializeDatabase();
				return;
			}
			catch (ScriptException ex) {
				if (attempt == ATTEMPTS || !isClash(ex)) {
					throw ex;
				}
				logger.info("Another instance created the same lazy-mcp tables at the same time; running " + locations
						+ " again");
			}
		}
	}

	private static boolean isClash(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLException sql && CLASHES.contains(sql.getSQLState())) {
				return true;
			}
		}
		return false;
	}

}
