package io.github.lazymcp.learning;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import io.github.lazymcp.learning.UseReservoir.Use;
import org.jspecify.annotations.Nullable;

/**
 * Uses kept in this instance's memory, lost on restart. Thread-safe: each tool's sample
 * is an immutable value replaced atomically.
 */
final class InMemoryUseStore implements UseStore {

	private final int capacity;

	private final Map<String, UseReservoir> samples = new ConcurrentHashMap<>();

	/**
	 * Creates an empty store.
	 * @param capacity the most requests kept per tool, at least 1
	 */
	InMemoryUseStore(int capacity) {
		if (capacity < 1) {
			throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
		}
		this.capacity = capacity;
	}

	@Override
	public void record(String tool, String request, @Nullable String conversation, Instant at) {
		Use use = new Use(request, conversation, at);
		this.samples.compute(tool,
				(name, sample) -> ((sample != null) ? sample : UseReservoir.EMPTY).offer(name, use, this.capacity));
	}

	@Override
	public Map<String, List<String>> uses() {
		Map<String, List<String>> uses = new LinkedHashMap<>();
		new TreeMap<>(this.samples).forEach((tool, sample) -> {
			List<String> requests = sample.requests();
			if (!requests.isEmpty()) {
				uses.put(tool, requests);
			}
		});
		return Collections.unmodifiableMap(uses);
	}

	@Override
	public int deleteRecordedBefore(Instant cutoff) {
		return delete((use) -> use.recordedAt().isBefore(cutoff));
	}

	@Override
	public int deleteConversation(String conversation) {
		return delete((use) -> Objects.equals(use.conversation(), conversation));
	}

	/** Every sample goes, with how many requests each tool was offered. */
	@Override
	public int deleteAll() {
		AtomicInteger deleted = new AtomicInteger();
		for (String tool : this.samples.keySet()) {
			this.samples.computeIfPresent(tool, (name, sample) -> {
				deleted.addAndGet(sample.requests().size());
				return null;
			});
		}
		return deleted.get();
	}

	/** Frees the slots of some uses; the samples keep counting where they were. */
	private int delete(Predicate<Use> dropped) {
		AtomicInteger deleted = new AtomicInteger();
		for (String tool : this.samples.keySet()) {
			this.samples.computeIfPresent(tool, (name, sample) -> {
				UseReservoir kept = sample.without(dropped);
				deleted.addAndGet(sample.requests().size() - kept.requests().size());
				return kept;
			});
		}
		return deleted.get();
	}

}
