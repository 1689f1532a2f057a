package io.github.lazymcp.learning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/*
 * A bounded sample of the requests that used one tool: reservoir sampling (Vitter's
 * algorithm R) with a window, deterministic, with the same decisions on every instance.
 *
 * While the sample has a free slot, the n-th distinct request of a tool (1-based) fills
 * the lowest free slot: slot n-1 as long as nothing was deleted. Once every slot is taken,
 * it draws j uniformly from [0, min(n, WINDOW * capacity)) with a generator seeded by
 * (tool, n); j < capacity replaces slot j, anything else leaves the sample as it is.
 *
 * Why the window: plain algorithm R keeps a uniform sample of everything ever seen, so in a
 * long-running application the 10,000th request enters with probability 0.3% and the
 * sample stops following how people ask today (a renamed feature, a new team's wording).
 * Capping the denominator at 4 x capacity gives every new request a chance of at least
 * 1/4 to enter, and a kept request is replaced with probability 1/(4 x capacity) per new
 * one, so the sample mostly holds the last few hundred uses: recency-biased, yet one burst
 * of requests cannot wipe it in one go (each slot survives a burst of b requests with
 * probability (1 - 1/128)^b at capacity 32).
 *
 * Why free slots first: uses are deleted (expired after the retention, or one
 * conversation's on demand), and a sample with holes would otherwise refill only when a
 * draw happens to hit one.
 *
 * Why seeded by (tool, n): tests are stable, and instances that share a database make the
 * same decision for the same n. A request already in the sample is not counted again: the
 * sample holds distinct requests, so one user repeating themselves cannot fill it.
 */

/**
 * A bounded, immutable sample of the distinct requests that used one tool.
 *
 * @param seen how many distinct requests were offered so far
 * @param slots the sample by slot, null where a slot is free, at most the capacity it was
 * offered with
 */
record UseReservoir(long seen, List<@Nullable Use> slots) {

	/** The denominator of the draw is capped at this many times the capacity. */
	static final int WINDOW = 4;

	static final UseReservoir EMPTY = new UseReservoir(0, List.of());

	UseReservoir {
		slots = Collections.unmodifiableList(new ArrayList<>(slots));
	}

	/**
	 * The requests kept, by slot.
	 * @return the requests, free slots left out
	 */
	List<String> requests() {
		return this.slots.stream().filter((use) -> use != null).map(Use::request).toList();
	}

	/**
	 * This sample after one more request.
	 * @param tool the tool's name, part of the seed
	 * @param use the request, already cleaned, and where and when it was made
	 * @param capacity the most requests kept
	 * @return the new sample; this one when the request is already in it
	 */
	UseReservoir offer(String tool, Use use, int capacity) {
		if (requests().contains(use.request())) {
			return this;
		}
		long n = this.seen + 1;
		int slot = slot(tool, n, capacity, taken());
		List<@Nullable Use> next = new ArrayList<>(this.slots);
		while (slot >= next.size()) {
			next.add(null);
		}
		if (slot >= 0) {
			next.set(slot, use);
		}
		return new UseReservoir(n, next);
	}

	/**
	 * This sample without some uses; their slots become free.
	 * @param dropped which uses to drop
	 * @return the new sample; this one when nothing was dropped
	 */
	UseReservoir without(Predicate<Use> dropped) {
		List<@Nullable Use> next = new ArrayList<>(this.slots);
		next.replaceAll((use) -> (use != null && dropped.test(use)) ? null : use);
		return next.equals(this.slots) ? this : new UseReservoir(this.seen, next);
	}

	private Set<Integer> taken() {
		Set<Integer> taken = new HashSet<>();
		for (int i = 0; i < this.slots.size(); i++) {
			if (this.slots.get(i) != null) {
				taken.add(i);
			}
		}
		return taken;
	}

	/**
	 * Where the n-th distinct request of a tool goes.
	 * @param tool the tool's name
	 * @param n the request's number, from 1
	 * @param capacity the most requests kept
	 * @param taken the slots that hold a request now
	 * @return the slot (a taken one is replaced), or -1 when the request is not kept
	 */
	static int slot(String tool, long n, int capacity, Set<Integer> taken) {
		if (taken.size() < capacity) {
			int free = 0;
			while (taken.contains(free)) {
				free++;
			}
			return free;
		}
		long window = Math.min(n, (long) WINDOW * capacity);
		long j = new SplittableRandom(tool.hashCode() * 0x9E3779B97F4A7C15L + n).nextLong(window);
		return (j < capacity) ? (int) j : -1;
	}

	/**
	 * One kept request.
	 *
	 * @param request the request's text
	 * @param conversation the conversation it was made in, or null when it had none
	 * @param recordedAt when it was recorded
	 */
	record Use(String request, @Nullable String conversation, Instant recordedAt) {

	}

}
