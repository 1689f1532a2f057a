package io.github.lazymcp.learning;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

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
	public void record(String tool, String request) {
		this.samples.compute(tool,
				(name, sample) -> ((sample != null) ? sample : UseReservoir.EMPTY).offer(name, request, this.capacity));
	}

	@Override
	public Map<String, List<String>> uses() {
		Map<String, List<String>> uses = new LinkedHashMap<>();
		new TreeMap<>(this.samples).forEach((tool, sample) -> uses.put(tool, sample.requests()));
		return java.util.Collections.unmodifiableMap(uses);
	}

}
