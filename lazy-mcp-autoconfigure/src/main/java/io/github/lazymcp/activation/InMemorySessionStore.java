package io.github.lazymcp.activation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/*
 * Sessions live in a Caffeine cache bounded by count and by idle time. Its ticker reads
 * the injected clock, so moving a fake clock expires sessions without sleeping, and its
 * maintenance runs on the calling thread so expiry and eviction are visible as soon as a
 * call returns instead of depending on a background pool.
 *
 * Creating a child reads the parent before entering the cache's atomic get-or-create:
 * Caffeine forbids touching other entries from inside a mapping function, and with
 * same-thread maintenance a nested lookup could even evict entries under a held lock.
 */

/**
 * The default {@link SessionStore}: sessions in this JVM's memory, in a cache bounded by
 * count and idle time. Thread-safe. Nothing to set up; sessions are lost on restart and
 * not shared between instances (see {@code JdbcSessionStore} for that).
 *
 * <p>
 * A session expires once it has not been obtained through {@link #session(String)} or
 * {@link #child(String, String, boolean)} for the idle timeout. When more than the
 * maximum number of sessions exist, Caffeine's size policy, which weighs recency and
 * frequency, chooses the session to evict. A caller still holding an evicted session can
 * keep using it, but the store no longer returns it.
 */
final class InMemorySessionStore implements SessionStore {

	private final SessionSettings settings;

	private final int cap;

	private final Clock clock;

	private final Cache<String, ToolSession> sessions;

	/**
	 * Create a store.
	 * @param settings the cap, the maximum number of sessions and the idle timeout
	 * @param clock the source of timestamps and of idle time
	 */
	InMemorySessionStore(SessionSettings settings, Clock clock) {
		this.settings = settings;
		this.cap = settings.maxActiveSchemas();
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		Instant origin = clock.instant();
		this.sessions = Caffeine.newBuilder()
			.maximumSize(settings.maxSessions())
			.expireAfterAccess(settings.idleTimeout())
			.ticker(() -> Duration.between(origin, clock.instant()).toNanos())
			.executor(Runnable::run)
			.build();
	}

	/**
	 * Return the session with the given id, creating an empty one if there is none.
	 * Counts as an access for the idle timeout.
	 * @param id the session id
	 * @return the session
	 */
	@Override
	public ToolSession session(String id) {
		return accessed(this.sessions.get(id, (key) -> newSession(key)));
	}

	/**
	 * Return the session with the given id, creating it if there is none. A new child
	 * starts from a snapshot of the parent's activation set if {@code inheritParent} is
	 * set and the parent exists, and empty otherwise. It is a copy: later changes to
	 * either session do not affect the other. An existing session is returned unchanged.
	 * Counts as an access for the idle timeout.
	 * @param id the child session id
	 * @param parentId the parent session id
	 * @param inheritParent whether a new child starts with the parent's tools
	 * @return the child session
	 */
	@Override
	public ToolSession child(String id, String parentId, boolean inheritParent) {
		ToolSession existing = this.sessions.getIfPresent(id);
		if (existing != null) {
			return accessed(existing);
		}
		SessionState start = SessionState.child(peek(parentId).map(ToolSession::state).orElse(null), parentId,
				inheritParent, this.clock.instant());
		return accessed(this.sessions.get(id, (key) -> ToolSession.inMemory(key, this.cap, this.clock, start)));
	}

	/**
	 * Create an empty session that is not stored, for a call without a conversation.
	 * @return a new session with a random id
	 */
	@Override
	public ToolSession ephemeral() {
		return newSession("ephemeral-" + UUID.randomUUID());
	}

	/**
	 * Look up a session without creating it. Observing a session does not count as an
	 * access, so it neither extends the idle timeout nor moves
	 * {@link ToolSession#lastAccessedAt()}.
	 * @param id the session id
	 * @return the session, if stored
	 */
	@Override
	public Optional<ToolSession> find(String id) {
		return peek(id);
	}

	/**
	 * Remove a session.
	 * @param id the session id
	 * @return {@code true} if a session was removed
	 */
	@Override
	public boolean remove(String id) {
		return this.sessions.asMap().remove(id) != null;
	}

	/**
	 * Return the stored sessions, without counting as an access.
	 * @return the sessions ordered by id
	 */
	List<ToolSession> sessions() {
		this.sessions.cleanUp();
		return this.sessions.asMap().values().stream().sorted(Comparator.comparing(ToolSession::id)).toList();
	}

	/**
	 * Return the number of stored sessions, after discarding expired ones.
	 * @return the count
	 */
	@Override
	public long size() {
		this.sessions.cleanUp();
		return this.sessions.estimatedSize();
	}

	/**
	 * Return the maximum number of active tools per session.
	 * @return the cap
	 */
	@Override
	public int cap() {
		return this.cap;
	}

	@Override
	public SessionSettings settings() {
		return this.settings;
	}

	/**
	 * Discards the expired sessions now rather than on a later access.
	 * @return the sessions discarded
	 */
	@Override
	public int expire() {
		long before = this.sessions.estimatedSize();
		this.sessions.cleanUp();
		return (int) Math.max(0, before - this.sessions.estimatedSize());
	}

	private Optional<ToolSession> peek(String id) {
		return Optional.ofNullable(this.sessions.policy().getIfPresentQuietly(id));
	}

	private ToolSession newSession(String id) {
		return ToolSession.inMemory(id, this.cap, this.clock,
				SessionState.start(ActivationSet.empty(), null, this.clock.instant()));
	}

	private static ToolSession accessed(ToolSession session) {
		session.markAccessed();
		return session;
	}

}
