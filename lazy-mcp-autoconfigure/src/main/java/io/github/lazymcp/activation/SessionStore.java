package io.github.lazymcp.activation;

import java.util.Optional;

/**
 * Where conversations' sessions live. lazy-mcp ships two stores: in memory
 * ({@link InMemorySessionStore}, the default) and in the application's database
 * ({@link JdbcSessionStore}, for several instances behind a load balancer and for
 * restarts). A store hands out {@link ToolSession} handles; every read and change of a
 * session goes through the store's {@link SessionRecord} for it, so that a session read
 * on one instance shows what another instance wrote.
 *
 * <p>
 * Implementations must be thread-safe. A session expires once it has not been obtained
 * through {@link #session(String)} or {@link #child(String, String, boolean)}, or
 * changed, for the store's idle timeout.
 */
public interface SessionStore {

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

}
