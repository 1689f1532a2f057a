package io.github.lazymcp.activation;

import java.time.Clock;
import java.util.Optional;
import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

/**
 * Where conversations' sessions live. lazy-mcp ships two stores: in memory
 * ({@link #inMemory}, the default) and in the application's database ({@link #jdbc}, for
 * several instances behind a load balancer and for restarts). A store hands out
 * {@link ToolSession} handles; every read and change of a session goes through the
 * store's {@link SessionRecord} for it, so that a session read on one instance shows what
 * another instance wrote.
 *
 * <p>
 * Implementations must be thread-safe. A session expires once it has not been obtained
 * through {@link #session(String)} or {@link #child(String, String, boolean)}, or
 * changed, for the store's idle timeout.
 *
 * @since 0.1.0
 */
public interface SessionStore {

	/** The table of the JDBC store: one row per session. */
	String JDBC_TABLE = "lazy_mcp_session";

	/**
	 * Where the JDBC store's schema files are, with {@code @@platform@@} standing for the
	 * database's name (postgresql, h2, mysql, mariadb).
	 */
	String JDBC_SCHEMA = "classpath:io/github/lazymcp/activation/schema-@@platform@@.sql";

	/**
	 * Sessions in this JVM's memory, in a cache bounded by count and idle time. Nothing
	 * to set up; sessions are lost on restart and not shared between instances.
	 * @param settings the cap, the maximum number of sessions and the idle timeout
	 * @param clock the source of timestamps and of idle time
	 * @return the store
	 */
	static SessionStore inMemory(SessionSettings settings, Clock clock) {
		return new InMemorySessionStore(settings, clock);
	}

	/**
	 * Sessions in a relational database, shared by every instance of the application and
	 * kept across restarts. The table ({@link #JDBC_TABLE}) must exist: create it from
	 * {@link #JDBC_SCHEMA}. Every failure to reach the database is a
	 * {@link SessionStoreException}: nothing changed, and the same call may succeed
	 * later.
	 * @param dataSource the database
	 * @param settings the cap and the idle timeout (the maximum session count does not
	 * apply: the database holds every session until it expires)
	 * @param clock the source of timestamps and of expiry
	 * @return the store
	 */
	static SessionStore jdbc(DataSource dataSource, SessionSettings settings, Clock clock) {
		return new JdbcSessionStore(dataSource, settings, clock);
	}

	/**
	 * Return the session with the given id, creating an empty one if there is none.
	 * Counts as an access for the idle timeout.
	 * @param id the session id
	 * @return the session
	 * @throws SessionStoreException when the store cannot be reached now
	 */
	ToolSession session(String id);

	/**
	 * Return the session with the given id, creating it if there is none. A new child
	 * starts from a snapshot of the parent's active tools if {@code inheritParent} is set
	 * and the parent exists, and empty otherwise; later changes to either session do not
	 * affect the other. An existing session is returned unchanged. Counts as an access.
	 * @param id the child session id
	 * @param parentId the parent session id
	 * @param inheritParent whether a new child starts with the parent's tools
	 * @return the child session
	 * @throws SessionStoreException when the store cannot be reached now
	 */
	ToolSession child(String id, String parentId, boolean inheritParent);

	/**
	 * Create an empty session that is not stored, for a call without a conversation: its
	 * activations last for that call only.
	 * @return a new session with a random id
	 */
	ToolSession ephemeral();

	/**
	 * Look up a session without creating it and without counting as an access.
	 * @param id the session id
	 * @return the session, if stored
	 * @throws SessionStoreException when the store cannot be reached now
	 */
	Optional<ToolSession> find(String id);

	/**
	 * Remove a session.
	 * @param id the session id
	 * @return {@code true} if a session was removed
	 * @throws SessionStoreException when the store cannot be reached now
	 */
	boolean remove(String id);

	/**
	 * Return the number of stored sessions that have not expired.
	 * @return the count
	 */
	long size();

	/**
	 * Return the maximum number of active tools per session.
	 * @return the cap
	 */
	int cap();

	/**
	 * The session settings this store was made with, which it owns: lazy-mcp cleans it up
	 * and releases the capability servers of expired sessions at their intervals, and the
	 * {@code LazyMcp} builder refuses different session settings given beside it. A store
	 * that does not say (an application's own) answers null; the builder's session
	 * settings apply to it then.
	 * @return the settings, or null when the store does not own any
	 */
	default @Nullable SessionSettings settings() {
		return null;
	}

	/**
	 * Discards the sessions that expired. lazy-mcp calls it in the background, every
	 * {@link SessionSettings#cleanupInterval()}, never on a chat request's path.
	 * @return how many were discarded, as far as the store knows
	 * @throws SessionStoreException when the store cannot be reached now
	 */
	default int expire() {
		return 0;
	}

}
