package io.github.lazymcp.activation;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/*
 * One row per session: its state as JSON (SessionJson), a version, and when it expires.
 * Every change is optimistic: read the row, apply the pure function, and write only if
 * the version is still the one read (UPDATE ... WHERE version = ?), else read again. A new
 * session is an INSERT; two instances creating it at once make one fail on the primary
 * key, and that one retries as an update. So no change is ever lost and no published
 * state is ever computed from a stale one: the cap, checked by the pure function, holds
 * across instances. A read is one primary-key SELECT; an expired row reads as a fresh
 * session and is overwritten. Expired rows are deleted through an index on their expiry
 * by a background task, never on the request path.
 */

/**
 * Sessions in a relational database, shared by every instance of the application and kept
 * across restarts: the store behind {@code tools.lazy-mcp.sessions.store=jdbc}. The table
 * ({@code lazy_mcp_session}) is created from the schema files next to this class
 * ({@code schema-postgresql.sql}, {@code schema-h2.sql}, ...). Any failure to reach the
 * database is a {@link SessionStoreException}: nothing changed, and the same call may
 * succeed later.
 */
public final class JdbcSessionStore implements SessionStore, AutoCloseable {

	/** The session table. */
	public static final String TABLE = "lazy_mcp_session";

	/** Where the schema files are, with {@code @@platform@@} for the database's name. */
	public static final String SCHEMA_LOCATION = "classpath:io/github/lazymcp/activation/schema-@@platform@@.sql";

	private static final Log logger = LogFactory.getLog(JdbcSessionStore.class);

	private static final int MAX_ATTEMPTS = 1000;

	private final JdbcClient jdbc;

	private final SessionSettings settings;

	private final Clock clock;

	private final @Nullable ScheduledExecutorService cleaner;

	private final ActivationListener listener;

	/**
	 * Creates the store; the table must exist.
	 * @param dataSource the application's database
	 * @param settings the cap and the idle timeout (the maximum session count does not
	 * apply: the database holds every session until it expires)
	 * @param clock the source of timestamps and of expiry
	 * @param cleanupInterval how often expired sessions are deleted; zero never
	 */
	public JdbcSessionStore(DataSource dataSource, SessionSettings settings, Clock clock, Duration cleanupInterval) {
		this(dataSource, settings, clock, cleanupInterval, ActivationListener.NONE);
	}

	/**
	 * Creates the store, whose sessions report their activations; the table must exist.
	 * @param dataSource the application's database
	 * @param settings the cap and the idle timeout
	 * @param clock the source of timestamps and of expiry
	 * @param cleanupInterval how often expired sessions are deleted; zero never
	 * @param listener told of every activation and eviction in every session
	 */
	public JdbcSessionStore(DataSource dataSource, SessionSettings settings, Clock clock, Duration cleanupInterval,
			ActivationListener listener) {
		this.listener = listener;
		this.jdbc = JdbcClient.create(dataSource);
		this.settings = settings;
		this.clock = clock;
		this.cleaner = cleanupInterval.isZero() ? null : startCleaner(cleanupInterval);
	}

	@Override
	public ToolSession session(String id) {
		try {
			this.jdbc.sql("UPDATE " + TABLE + " SET expires_at = ? WHERE id = ? AND expires_at > ?")
				.params(expiry(), id, now())
				.update();
		}
		catch (DataAccessException ex) {
			// The handle still works once the database is back; changes create the row.
		}
		return handle(id);
	}

	@Override
	public ToolSession child(String id, String parentId, boolean inheritParent) {
		if (read(id) != null) {
			return session(id);
		}
		ActivationSet seed = inheritParent
				? Optional.ofNullable(read(parentId)).map((row) -> row.state().tools()).orElse(ActivationSet.empty())
				: ActivationSet.empty();
		try {
			insert(id, SessionState.start(seed, parentId, this.clock.instant()));
		}
		catch (DuplicateKeyException ex) {
			// created meanwhile by another request: that one stands
		}
		catch (DataAccessException ex) {
			throw unavailable("create session '%s'".formatted(id), ex);
		}
		return handle(id);
	}

	@Override
	public ToolSession ephemeral() {
		String id = "ephemeral-" + UUID.randomUUID();
		return ToolSession.inMemory(id, cap(), this.clock,
				SessionState.start(ActivationSet.empty(), null, this.clock.instant()), this.listener);
	}

	@Override
	public Optional<ToolSession> find(String id) {
		return Optional.ofNullable(read(id)).filter((row) -> !row.expired()).map((row) -> handle(id));
	}

	@Override
	public boolean remove(String id) {
		return attempt("remove session '%s'".formatted(id),
				() -> this.jdbc.sql("DELETE FROM " + TABLE + " WHERE id = ?").param(id).update() > 0);
	}

	@Override
	public long size() {
		return attempt("count sessions",
				() -> this.jdbc.sql("SELECT COUNT(*) FROM " + TABLE + " WHERE expires_at > ?")
					.param(now())
					.query(Long.class)
					.single());
	}

	@Override
	public int cap() {
		return this.settings.maxActiveSchemas();
	}

	/**
	 * Deletes the sessions that expired.
	 * @return how many
	 */
	public int deleteExpired() {
		return attempt("delete expired sessions",
				() -> this.jdbc.sql("DELETE FROM " + TABLE + " WHERE expires_at <= ?").param(now()).update());
	}

	@Override
	public void close() {
		if (this.cleaner != null) {
			this.cleaner.shutdownNow();
		}
	}

	private ToolSession handle(String id) {
		return ToolSession.of(id, cap(), this.clock, new Record(id), this.listener);
	}

	private @Nullable Row read(String id) {
		return attempt("read session '%s'".formatted(id),
				() -> this.jdbc.sql("SELECT version, state, expires_at FROM " + TABLE + " WHERE id = ?")
					.param(id)
					.query((rs, n) -> new Row(rs.getLong(1), SessionJson.read(rs.getString(2)), rs.getLong(3) <= now()))
					.optional()
					.orElse(null));
	}

	private void insert(String id, SessionState state) {
		this.jdbc.sql("INSERT INTO " + TABLE + " (id, version, state, expires_at) VALUES (?, 1, ?, ?)")
			.params(id, SessionJson.write(state), expiry())
			.update();
	}

	private boolean write(String id, long version, SessionState state) {
		return this.jdbc
			.sql("UPDATE " + TABLE
					+ " SET version = version + 1, state = ?, expires_at = ? WHERE id = ? AND version = ?")
			.params(SessionJson.write(state), expiry(), id, version)
			.update() == 1;
	}

	private long now() {
		return this.clock.millis();
	}

	private long expiry() {
		return now() + this.settings.idleTimeout().toMillis();
	}

	private <T> T attempt(String what, Supplier<T> work) {
		try {
			return work.get();
		}
		catch (DataAccessException ex) {
			throw unavailable(what, ex);
		}
	}

	private static SessionStoreException unavailable(String what, Exception cause) {
		return new SessionStoreException("Could not %s in the session database: %s".formatted(what, cause.getMessage()),
				cause);
	}

	private ScheduledExecutorService startCleaner(Duration interval) {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "lazy-mcp-session-cleanup");
			thread.setDaemon(true);
			return thread;
		});
		executor.scheduleWithFixedDelay(() -> {
			try {
				deleteExpired();
			}
			catch (SessionStoreException ex) {
				logger.debug("Expired sessions not deleted this time", ex);
			}
		}, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
		return executor;
	}

	/** A row as read. */
	private record Row(long version, SessionState state, boolean expired) {
	}

	/** One session's row, changed under optimistic versioning. */
	private final class Record implements SessionRecord {

		private final String id;

		Record(String id) {
			this.id = id;
		}

		@Override
		public SessionState read() {
			Row row = JdbcSessionStore.this.read(this.id);
			return (row == null || row.expired()) ? fresh() : row.state();
		}

		@Override
		public <R> R update(Function<SessionState, Update<R>> change) {
			for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
				Row row = JdbcSessionStore.this.read(this.id);
				SessionState current = (row == null || row.expired()) ? fresh() : row.state();
				Update<R> update = change.apply(current);
				if (update.next() == current && row != null && !row.expired()) {
					return update.result();
				}
				if (publish(row, update.next())) {
					return update.result();
				}
			}
			throw new SessionStoreException("Could not change session '%s': %d concurrent changes in a row won"
				.formatted(this.id, MAX_ATTEMPTS), new IllegalStateException("contention"));
		}

		private boolean publish(@Nullable Row row, SessionState next) {
			try {
				if (row == null) {
					insert(this.id, next);
					return true;
				}
				return write(this.id, row.version(), next);
			}
			catch (DuplicateKeyException ex) {
				return false;
			}
			catch (DataAccessException ex) {
				throw unavailable("write session '%s'".formatted(this.id), ex);
			}
		}

		private SessionState fresh() {
			return SessionState.start(ActivationSet.empty(), null, JdbcSessionStore.this.clock.instant());
		}

	}

}
