package io.github.lazymcp.learning;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;

/**
 * A store of uses in memory that throws, as a database that cannot be reached does, while
 * {@link #down} is set; optionally shared, as the JDBC store is.
 */
public final class FlakyUseStore implements UseStore {

	/** Whether every method throws. */
	public final AtomicBoolean down = new AtomicBoolean();

	private final UseStore memory;

	private final boolean shared;

	/**
	 * A store of this instance alone.
	 * @param usesPerTool how many requests are kept per tool
	 */
	public FlakyUseStore(int usesPerTool) {
		this(usesPerTool, false);
	}

	/**
	 * A store.
	 * @param usesPerTool how many requests are kept per tool
	 * @param shared whether it says other instances share it
	 */
	public FlakyUseStore(int usesPerTool, boolean shared) {
		this.memory = UseStore.inMemory(usesPerTool);
		this.shared = shared;
	}

	private void reach() {
		if (this.down.get()) {
			throw new IllegalStateException("database down");
		}
	}

	@Override
	public void record(String tool, String request, @Nullable String conversation, Instant at) {
		reach();
		this.memory.record(tool, request, conversation, at);
	}

	@Override
	public Map<String, List<String>> uses() {
		reach();
		return this.memory.uses();
	}

	@Override
	public int deleteRecordedBefore(Instant cutoff) {
		reach();
		return this.memory.deleteRecordedBefore(cutoff);
	}

	@Override
	public int deleteConversation(String conversation) {
		reach();
		return this.memory.deleteConversation(conversation);
	}

	@Override
	public int deleteAll() {
		reach();
		return this.memory.deleteAll();
	}

	@Override
	public boolean shared() {
		return this.shared;
	}

}
