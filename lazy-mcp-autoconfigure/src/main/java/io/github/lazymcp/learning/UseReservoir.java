package io.github.lazymcp.learning;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/*
 * A bounded sample of the requests that used one tool: reservoir sampling (Vitter's
 * algorithm R) with a window, deterministic, with the same decisions on every instance.
 *
 * The n-th distinct request of a tool (1-based) fills slot n-1 while n <= capacity. After
 * that it draws j uniformly from [0, min(n, WINDOW * capacity)) with a generator seeded by
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
 * Why seeded by (tool, n): tests are stable, and instances that share a database make the
 * same decision for the same n. A request already in the sample is not counted again: the
 * sample holds distinct requests, so one user repeating themselves cannot fill it.
 */

/**
 * A bounded, immutable sample of the distinct requests that used one tool.
 *
 * @param seen how many distinct requests were offered so far
 * @param requests the sample, at most the capacity it was offered with, by slot
 */
record UseReservoir(long seen, List<String> requests) {

	/** The denominator of the draw is capped at this many times the capacity. */
	static final int WINDOW = 4;

	static final UseReservoir EMPTY = new UseReservoir(0, List.of());

	UseReservoir {
		requests = List.copyOf(requests);
	}

	/**
	 * This sample after one more request.
	 * @param tool the tool's name, part of the seed
	 * @param request the request, already cleaned
	 * @param capacity the most requests kept
	 * @return the new sample; this one when the request is already in it
	 */
	UseReservoir offer(String tool, String request, int capacity) {
		if (this.requests.contains(request)) {
			return this;
		}
		long n = this.seen + 1;
		int slot = slot(tool, n, capacity);
		List<String> next = new ArrayList<>(this.requests);
		if (slot >= next.size()) {
			next.add(request);
		}
		else if (slot >= 0) {
			next.set(slot, request);
		}
		return new UseReservoir(n, next);
	}

	/**
	 * Where the n-th distinct request of a tool goes.
	 * @param tool the tool's name
	 * @param n the request's number, from 1
	 * @param capacity the most requests kept
	 * @return the slot, or -1 when the request is not kept
	 */
	static int slot(String tool, long n, int capacity) {
		if (n <= capacity) {
			return (int) (n - 1);
		}
		long window = Math.min(n, (long) WINDOW * capacity);
		long j = new SplittableRandom(tool.hashCode() * 0x9E3779B97F4A7C15L + n).nextLong(window);
		return (j < capacity) ? (int) j : -1;
	}

}
