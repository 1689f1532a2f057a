package io.github.lazymcp.learning;

import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/*
 * Invariants every store keeps:
 * - at most the configured number of requests per tool (UseReservoir decides which), and
 *   never one request twice for one tool;
 * - record() stores the text it is given, nothing else: no session, no user, no time;
 *   cleaning (pastes, length) and privacy (private turns, the kill switch) are decided by
 *   Learning before it calls the store;
 * - uses() is a snapshot: later records do not change a map already returned.
 * A store may be slow (a database): Learning calls it off the search path, and catches
 * what it throws.
 */

/**
 * Where the requests that led to successful calls are kept, per tool. Implement it and
 * declare it as a bean to keep them elsewhere; the shipped stores keep them in memory or,
 * with the JDBC session store, in the application's database.
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
	 * @throws RuntimeException when the store cannot be reached; nothing changed then
	 */
	void record(String tool, String request);

	/**
	 * The requests kept, per tool.
	 * @return an immutable snapshot, tools without requests left out
	 * @throws RuntimeException when the store cannot be reached
	 */
	Map<String, List<String>> uses();

	/**
	 * Whether other instances write to this store too, so that it is read again from time
	 * to time for what they learned.
	 * @return false for a store of this instance alone
	 */
	default boolean shared() {
		return false;
	}

}
