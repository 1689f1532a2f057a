package io.github.lazymcp.learning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/*
 * Two tables. lazy_mcp_tool_use_count holds, per tool, how many distinct requests were
 * offered (UseReservoir's n); lazy_mcp_tool_use holds the sample, one row per (tool, slot),
 * with the conversation the request came from and when it was recorded (epoch
 * milliseconds), so that a conversation's uses and those past the retention can be
 * deleted with one statement each.
 * Recording a request: read the tool's sample (a request already in it is dropped), claim
 * the next n with an optimistic UPDATE ... WHERE seen = ? (or the INSERT of the first
 * one; two instances inserting at once make one fail on the primary key and retry), then
 * write the slot UseReservoir.slot chooses for n and the slots taken, if any: a free slot
 * with an INSERT (another instance filling it first makes the request look again), a
 * taken one with an UPDATE. Two instances never claim the same n, and both compute the
 * same slot for it, so every instance follows one sample; two draws replacing one slot at
 * once leave one of the two requests, as a later draw would.
 */

/**
 * Uses in the application's database, shared by every instance: the store that goes with
 * the JDBC session store. The tables ({@code lazy_mcp_tool_use},
 * {@code lazy_mcp_tool_use_count}) are created from the schema files next to this class.
 * Failures to reach the database are thrown as Spring's {@code DataAccessException}.
 */
final class JdbcUseStore implements UseStore {

	/** The table of kept requests. */
	static final String TABLE = "lazy_mcp_tool_use";

	private static final String COUNT_TABLE = "lazy_mcp_tool_use_count";

	private static final int MAX_ATTEMPTS = 100;

	private final JdbcClient jdbc;

	private final int capacity;

	/**
	 * Creates the store; the tables must exist.
	 * @param dataSource the application's database
	 * @param capacity the most requests kept per tool, at least 1
	 */
	JdbcUseStore(DataSource dataSource, int capacity) {
		if (capacity < 1) {
			throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
		}
		this.jdbc = JdbcClient.create(dataSource);
		this.capacity = capacity;
	}

	@Override
	public void record(String tool, String request, @Nullable String conversation, Instant at) {
		for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			if (requests(tool).contains(request)) {
				return;
			}
			Optional<Long> claimed = claim(tool);
			if (claimed.isPresent()) {
				place(tool, claimed.get(), new Row(request, conversation, at.toEpochMilli()));
				return;
			}
		}
		throw new IllegalStateException(
				"Could not record a use of tool '%s' after %d attempts".formatted(tool, MAX_ATTEMPTS));
	}

	private List<String> requests(String tool) {
		return this.jdbc.sql("SELECT request FROM " + TABLE + " WHERE tool = ?").param(tool).query(String.class).list();
	}

	/** The next n of the tool, or empty when another instance took it first. */
	private Optional<Long> claim(String tool) {
		Optional<Long> seen = this.jdbc.sql("SELECT seen FROM " + COUNT_TABLE + " WHERE tool = ?")
			.param(tool)
			.query(Long.class)
			.optional();
		try {
			if (seen.isEmpty()) {
				this.jdbc.sql("INSERT INTO " + COUNT_TABLE + " (tool, seen) VALUES (?, 1)").param(tool).update();
				return Optional.of(1L);
			}
			long next = seen.get() + 1;
			int updated = this.jdbc.sql("UPDATE " + COUNT_TABLE + " SET seen = ? WHERE tool = ? AND seen = ?")
				.params(next, tool, seen.get())
				.update();
			return (updated == 1) ? Optional.of(next) : Optional.empty();
		}
		catch (DuplicateKeyException ex) {
			return Optional.empty();
		}
	}

	/** Writes the n-th request where the reservoir puts it, if anywhere. */
	private void place(String tool, long n, Row row) {
		for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			Set<Integer> taken = new HashSet<>(this.jdbc.sql("SELECT slot FROM " + TABLE + " WHERE tool = ?")
				.param(tool)
				.query(Integer.class)
				.list());
			int slot = UseReservoir.slot(tool, n, this.capacity, taken);
			if (slot < 0) {
				return;
			}
			if (taken.contains(slot)) {
				String update = "UPDATE " + TABLE
						+ " SET request = ?, conversation = ?, recorded_at = ? WHERE tool = ? AND slot = ?";
				if (this.jdbc.sql(update)
					.param(row.request())
					.param(row.conversation())
					.param(row.at())
					.param(tool)
					.param(slot)
					.update() == 1) {
					return;
				}
			}
			else {
				try {
					this.jdbc
						.sql("INSERT INTO " + TABLE
								+ " (tool, slot, request, conversation, recorded_at) VALUES (?, ?, ?, ?, ?)")
						.param(tool)
						.param(slot)
						.param(row.request())
						.param(row.conversation())
						.param(row.at())
						.update();
					return;
				}
				catch (DuplicateKeyException ex) {
					// Another instance filled that slot first: look again.
				}
			}
		}
		throw new IllegalStateException(
				"Could not record a use of tool '%s' after %d attempts".formatted(tool, MAX_ATTEMPTS));
	}

	@Override
	public Map<String, List<String>> uses() {
		Map<String, List<String>> uses = new LinkedHashMap<>();
		this.jdbc.sql("SELECT tool, request FROM " + TABLE + " ORDER BY tool, slot").query((row) -> {
			uses.computeIfAbsent(row.getString(1), (tool) -> new ArrayList<>()).add(row.getString(2));
		});
		uses.replaceAll((tool, requests) -> List.copyOf(requests));
		return Collections.unmodifiableMap(uses);
	}

	@Override
	public int deleteRecordedBefore(Instant cutoff) {
		return this.jdbc.sql("DELETE FROM " + TABLE + " WHERE recorded_at < ?").param(cutoff.toEpochMilli()).update();
	}

	@Override
	public int deleteConversation(String conversation) {
		return this.jdbc.sql("DELETE FROM " + TABLE + " WHERE conversation = ?").param(conversation).update();
	}

	@Override
	public int deleteAll() {
		int deleted = this.jdbc.sql("DELETE FROM " + TABLE).update();
		this.jdbc.sql("DELETE FROM " + COUNT_TABLE).update();
		return deleted;
	}

	@Override
	public boolean shared() {
		return true;
	}

	private record Row(String request, @Nullable String conversation, long at) {

	}

}
