package io.github.lazymcp.activation;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/*
 * One row per session: its state as JSON (SessionJson), a version, and when it expires.
 * Every change is optimistic: apply the pure function to the row last read, and write
 * only if the version is still that one (UPDATE ... WHERE version = ?), else read again.
 * A new session is an INSERT; two instances creating it at once make one fail on the
 * primary key, and that one retries as an update. So no change is ever lost and no
 * published state is ever computed from a stale one: the cap, checked by the pure
 * function, holds across instances. A read is one primary-key SELECT; an expired row
 * reads as a fresh session and is overwritten. Expired rows are deleted through an index
 * on their expiry by expire(), which lazy-mcp's scheduler runs, never on the request
 * path.
 */

/**
 * Sessions in a relational database, shared by every instance of the application and kept
 * across restarts: the store behind {@code tools.lazy-mcp.sessions.store=jdbc}. The table
 * ({@value #TABLE}) is created from the schema files next to this class
 * ({@code schema-postgresql.sql}, {@code schema-h2.sql}, ...). Any failure to reach the
 * database is a {@link SessionStoreException}: nothing changed, and the same call may
 * succeed later.
 */
final class JdbcSessionStore implements SessionStore {

	static final String TABLE = SessionStore.JDBC_TABLE;

	private static final int MAX_ATTEMPTS = 1000;

	private final JdbcClient jdbc;

	private final SessionSettings settings;

	private final Clock clock;

	/**
	 * Creates the store; the table must exist.
	 * @param dataSource the application's database
	 * @param settings the cap and the idle timeout (the maximum session count does not
	 * apply: the database holds every session until it expires)
	 * @param clock the source of timestamps and of expiry
	 */
	JdbcSessionStore(DataSource dataSource, SessionSettings settings, Clock clock) {
		this.jdbc = JdbcClient.create(dataSource);
		this.settings = settings;
		this.clock = clock;
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
		return handle(id, null);
	}

	@Override
	public ToolSession child(String id, String parentId, boolean inheritParent) {
		Row existing = read(id);
		if (existing != null) {
			return session(id);
		}
		Row parent = read(parentId);
		try {
			insert(id, SessionState.child((parent != null) ? parent.state() : null, parentId, inheritParent,
					this.clock.instant()), expiry());
		}
		catch (DuplicateKeyException ex) {
			// created meanwhile by another request: that one stands
		}
		catch (DataAccessException ex) {
			throw unavailable("create session '%s'".formatted(id), ex);
		}
		return handle(id, null);
	}

	@Override
	public ToolSession ephemeral() {
		String id = "ephemeral-" + UUID.randomUUID();
		return ToolSession.inMemory(id, cap(), this.clock,
				SessionState.start(ActivationSet.empty(), null, this.clock.instant()));
	}

	@Override
	public Optional<ToolSession> find(String id) {
		Row row = read(id);
		return (row != null && !row.expired(now())) ? Optional.of(handle(id, row)) : Optional.empty();
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

	@Override
	public SessionSettings settings() {
		return this.settings;
	}

	/**
	 * Deletes the sessions that expired.
	 * @return how many
	 */
	@Override
	public int expire() {
		return attempt("delete expired sessions",
				() -> this.jdbc.sql("DELETE FROM " + TABLE + " WHERE expires_at <= ?").param(now()).update());
	}

	private ToolSession handle(String id, @Nullable Row read) {
		return ToolSession.of(id, cap(), this.clock, new Record(id, read));
	}

	private @Nullable Row read(String id) {
		return attempt("read session '%s'".formatted(id),
				() -> this.jdbc.sql("SELECT version, state, expires_at FROM " + TABLE + " WHERE id = ?")
					.param(id)
					.query((rs, n) -> new Row(rs.getLong(1), SessionJson.read(rs.getString(2)), rs.getLong(3)))
					.optional()
					.orElse(null));
	}

	private void insert(String id, SessionState state, long expiry) {
		this.jdbc.sql("INSERT INTO " + TABLE + " (id, version, state, expires_at) VALUES (?, 1, ?, ?)")
			.params(id, SessionJson.write(state), expiry)
			.update();
	}

	private boolean write(String id, long version, SessionState state, long expiry) {
		return this.jdbc
			.sql("UPDATE " + TABLE
					+ " SET version = version + 1, state = ?, expires_at = ? WHERE id = ? AND version = ?")
			.params(SessionJson.write(state), expiry, id, version)
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

	/** A row as read or written. */
	private record Row(long version, SessionState state, long expiresAt) {

		boolean expired(long now) {
			return this.expiresAt <= now;
		}

	}

	/**
	 * One session's row, changed under optimistic versioning. It keeps the row it last
	 * read or wrote, and an update starts from that row: the write checks its version, so
	 * a stale row costs one failed write and a fresh read, never a lost change.
	 */
	private final class Record implements SessionRecord {

		private final String id;

		private volatile @Nullable Row last;

		Record(String id, @Nullable Row read) {
			this.id = id;
			this.last = read;
		}

		@Override
		public SessionState read() {
			Row row = JdbcSessionStore.this.read(this.id);
			this.last = row;
			return current(row);
		}

		@Override
		public SessionState latest() {
			Row row = this.last;
			return (row != null) ? current(row) : read();
		}

		@Override
		public <R extends @Nullable Object> R update(Function<SessionState, Update<R>> change) {
			Row row = this.last;
			for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
				if (row == null || attempt > 0) {
					row = JdbcSessionStore.this.read(this.id);
				}
				Row live = (row != null && !row.expired(now())) ? row : null;
				SessionState current = (live != null) ? live.state() : fresh();
				Update<R> update = change.apply(current);
				if (update.next() == current && live != null) {
					this.last = row;
					return update.result();
				}
				Row written = publish(row, update.next());
				if (written != null) {
					this.last = written;
					return update.result();
				}
			}
			throw new SessionStoreException("Could not change session '%s': %d concurrent changes in a row won"
				.formatted(this.id, MAX_ATTEMPTS), new IllegalStateException("contention"));
		}

		private SessionState current(@Nullable Row row) {
			return (row == null || row.expired(now())) ? fresh() : row.state();
		}

		/**
		 * Writes over the row read (an expired one too), or inserts when there was none;
		 * null when another change came first.
		 */
		private @Nullable Row publish(@Nullable Row read, SessionState next) {
			try {
				long expiry = expiry();
				if (read == null) {
					insert(this.id, next, expiry);
					return new Row(1, next, expiry);
				}
				return write(this.id, read.version(), next, expiry) ? new Row(read.version() + 1, next, expiry) : null;
			}
			catch (DuplicateKeyException ex) {
				return null;
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
