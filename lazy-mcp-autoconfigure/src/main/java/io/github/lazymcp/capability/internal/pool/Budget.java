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

	private final String usedUp;

	private final AtomicInteger used = new AtomicInteger();

	/**
	 * The budget of every connection of the pool.
	 * @param max the most connections at once
	 */
	Budget(int max) {
		this(max, "the connection budget is used up: %d MCP servers are connected, the most "
				+ "tools.lazy-mcp.capabilities.max-connections allows");
	}

	private Budget(int max, String usedUp) {
		this.max = max;
		this.usedUp = usedUp;
	}

	/**
	 * One identity's budget of connections of per-user servers.
	 * @param max the most connections of one identity at once
	 * @return the budget
	 */
	static Budget perIdentity(int max) {
		return new Budget(max, "this user has %d connections of per-user servers open, the most "
				+ "tools.lazy-mcp.capabilities.max-connections-per-identity allows; disable one of their capabilities "
				+ "first");
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
		return this.usedUp.formatted(this.max);
	}

}
