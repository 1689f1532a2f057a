package io.github.lazymcp.learning;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

/*
 * Invariants every store keeps:
 * - at most the configured number of requests per tool (UseReservoir decides which), and
 *   never one request twice for one tool;
 * - record() stores the text it is given with the conversation it came from and when, and
 *   nothing else (no user, no session state): the conversation and the time exist only
 *   so that uses can be deleted, one conversation's on demand and all of them after the
 *   retention; cleaning (pastes, length) and privacy (private turns, the kill switch) are
 *   decided by Learning before it calls the store;
 * - a deleted use is gone from the store when the delete returns (other instances that
 *   share it drop it from their indexes when they next read it);
 * - uses() is a snapshot: later records do not change a map already returned.
 * A store may be slow (a database): Learning calls it off the search path, and catches
 * what it throws when recording.
 */

/**
 * Where the requests that led to successful calls are kept, per tool, with the
 * conversation each came from and when it was recorded, so that they can be deleted.
 * Implement it and declare it as a bean to keep them elsewhere; the shipped stores keep
 * them in memory or, with the JDBC session store, in the application's database.
 *
 * @since 0.1.0
 */
public interface UseStore {

	/**
	 * Where the JDBC store's schema files are, with {@code @@platform@@} standing for the
	 * database's name (postgresql, h2, mysql, mariadb); they create
	 * {@code lazy_mcp_tool_use} and {@code lazy_mcp_tool_use_count}.
	 */
	String JDBC_SCHEMA = "classpath:io/github/lazymcp/learning/schema-@@platform@@.sql";

	/**
	 * Requests in this JVM's memory, lost on restart.
	 * @param usesPerTool how many requests are kept per tool, at least 1
	 * @return the store
	 */
	static UseStore inMemory(int usesPerTool) {
		return new InMemoryUseStore(usesPerTool);
	}

	/**
	 * Requests in a relational database, shared by every instance of the application. The
	 * tables must exist: create them from {@link #JDBC_SCHEMA}.
	 * @param dataSource the database
	 * @param usesPerTool how many requests are kept per tool, at least 1
	 * @return the store
	 */
	static UseStore jdbc(DataSource dataSource, int usesPerTool) {
		return new JdbcUseStore(dataSource, usesPerTool);
	}

	/**
	 * Offers one request to a tool's bounded sample.
	 * @param tool the qualified tool name
	 * @param request the request, already cleaned and not blank
	 * @param conversation the id of the conversation it was made in, or null when it had
	 * none
	 * @param at when it was made
	 * @throws RuntimeException when the store cannot be reached; nothing changed then
	 * @since 0.1.0
	 */
	void record(String tool, String request, @Nullable String conversation, Instant at);

	/**
	 * The requests kept, per tool.
	 * @return an immutable snapshot, tools without requests left out
	 * @throws RuntimeException when the store cannot be reached
	 */
	Map<String, List<String>> uses();

	/**
	 * Deletes the uses recorded before a moment: what enforces the retention.
	 * @param cutoff uses recorded before this are deleted
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store cannot be reached
	 * @since 0.1.0
	 */
	int deleteRecordedBefore(Instant cutoff);

	/**
	 * Deletes the uses learned in one conversation.
	 * @param conversation the conversation's id
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store cannot be reached
	 * @since 0.1.0
	 */
	int deleteConversation(String conversation);

	/**
	 * Deletes every use, and what the samples counted: learning starts afresh.
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store cannot be reached
	 * @since 0.1.0
	 */
	int deleteAll();

	/**
	 * Whether other instances write to this store too, so that it is read again from time
	 * to time for what they learned.
	 * @return false for a store of this instance alone
	 */
	default boolean shared() {
		return false;
	}

}
