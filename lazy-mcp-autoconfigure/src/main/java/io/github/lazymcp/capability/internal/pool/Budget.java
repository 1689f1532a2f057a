package io.github.lazymcp.capability.internal.pool;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The pool's connection budget: how many servers are connected, idle ones included.
 * Reserving a place is one atomic step, so racing acquires of different servers never
 * exceed it. Thread-safe.
 */
final class Budget {

	private final int max;

	private final AtomicInteger used = new AtomicInteger();

	Budget(int max) {
		this.max = max;
	}

	/**
	 * Takes a place; while none is free, asks for a server no one holds to be stopped.
	 * @param makeRoom stops one idle server; false when there is none
	 * @return whether a place was taken
	 */
	boolean reserve(BooleanSupplier makeRoom) {
		while (true) {
			int now = this.used.get();
			if (now < this.max) {
				if (this.used.compareAndSet(now, now + 1)) {
					return true;
				}
			}
			else if (!makeRoom.getAsBoolean()) {
				return false;
			}
		}
	}

	/** Gives a place back: a server stopped, or a start failed. */
	void free() {
		this.used.decrementAndGet();
	}

	int max() {
		return this.max;
	}

	/**
	 * Why an acquire found no place.
	 * @return the reason, naming the property that sets the budget
	 */
	String usedUp() {
		return ("the connection budget is used up: %d MCP servers are connected, the most "
				+ "tools.lazy-mcp.capabilities.max-connections allows")
			.formatted(this.max);
	}

}
