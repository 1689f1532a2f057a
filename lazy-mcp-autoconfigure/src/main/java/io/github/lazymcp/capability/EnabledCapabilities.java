package io.github.lazymcp.capability;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/*
 * The state is an immutable list in enable order held in an AtomicReference. Every
 * change computes the next list and its report from one snapshot and publishes it with
 * compareAndSet, retrying on a lost race, so a report always describes the list it
 * produced and readers never need a lock. The lists are at most max-active long, so
 * copying them is cheap. Nothing here connects servers or runs on a timer: callers
 * acquire a capability's servers before enabling it and release the evicted one's after.
 */

/**
 * Which capabilities are enabled, at most {@code maxActive} at once. Enabling one more
 * disables the least recently used first; a capability counts as used when it is enabled
 * and whenever one of its tools runs successfully.
 */
public final class EnabledCapabilities {

	/** How many capabilities may be enabled at once unless configured otherwise. */
	public static final int DEFAULT_MAX_ACTIVE = 4;

	private final Clock clock;

	private final int maxActive;

	private final AtomicReference<List<EnabledCapability>> enabled = new AtomicReference<>(List.of());

	/**
	 * Creates an empty set.
	 * @param clock the source of enabledAt and lastUsedAt
	 * @param maxActive how many capabilities may be enabled at once, at least 1
	 */
	public EnabledCapabilities(Clock clock, int maxActive) {
		if (maxActive < 1) {
			throw new IllegalArgumentException("maxActive must be at least 1, was " + maxActive);
		}
		this.clock = clock;
		this.maxActive = maxActive;
	}

	/**
	 * Enables a capability, disabling the least recently used one when the set is full.
	 * Enabling an enabled capability changes nothing, not even its last use.
	 * @param name the capability's name
	 * @return whether it was already enabled and which capability was evicted
	 */
	public EnableResult enable(String name) {
		Instant now = this.clock.instant();
		return update((current) -> {
			if (find(current, name) != null) {
				return new Step<>(current, new EnableResult(name, true, null));
			}
			List<EnabledCapability> next = new ArrayList<>(current);
			String evicted = null;
			if (next.size() >= this.maxActive) {
				EnabledCapability oldest = leastRecentlyUsed(next);
				next.remove(oldest);
				evicted = oldest.name();
			}
			next.add(new EnabledCapability(name, now, now));
			return new Step<>(List.copyOf(next), new EnableResult(name, false, evicted));
		});
	}

	/**
	 * Disables a capability.
	 * @param name the capability's name
	 * @return whether it was enabled
	 */
	public boolean disable(String name) {
		return update((current) -> {
			EnabledCapability entry = find(current, name);
			if (entry == null) {
				return new Step<>(current, false);
			}
			List<EnabledCapability> next = new ArrayList<>(current);
			next.remove(entry);
			return new Step<>(List.copyOf(next), true);
		});
	}

	/**
	 * Records a successful use of the capability's tools. Call it only after a call
	 * succeeded: a failed call must not keep a capability from being evicted.
	 * @param name the capability's name
	 * @return whether it is enabled (nothing is recorded otherwise)
	 */
	public boolean touch(String name) {
		Instant now = this.clock.instant();
		return update((current) -> {
			EnabledCapability entry = find(current, name);
			if (entry == null) {
				return new Step<>(current, false);
			}
			List<EnabledCapability> next = new ArrayList<>(current);
			next.set(next.indexOf(entry), new EnabledCapability(name, entry.enabledAt(), now));
			return new Step<>(List.copyOf(next), true);
		});
	}

	/**
	 * Runs a call on behalf of a capability and records the use if the call returns; a
	 * call that throws leaves the last use as it was.
	 * @param <T> the call's result type
	 * @param name the capability's name
	 * @param call the tool call
	 * @return the call's result
	 */
	public <T> T use(String name, Supplier<T> call) {
		T result = call.get();
		touch(name);
		return result;
	}

	public boolean isEnabled(String name) {
		return find(this.enabled.get(), name) != null;
	}

	/**
	 * The enabled capabilities, for the endpoint.
	 * @return them in the order they were enabled
	 */
	public List<EnabledCapability> listing() {
		return this.enabled.get();
	}

	public int maxActive() {
		return this.maxActive;
	}

	private <R> R update(Function<List<EnabledCapability>, Step<R>> change) {
		while (true) {
			List<EnabledCapability> current = this.enabled.get();
			Step<R> step = change.apply(current);
			if (step.next() == current || this.enabled.compareAndSet(current, step.next())) {
				return step.report();
			}
		}
	}

	private static @Nullable EnabledCapability find(List<EnabledCapability> entries, String name) {
		return entries.stream().filter((entry) -> entry.name().equals(name)).findFirst().orElse(null);
	}

	/** The entry used longest ago; of equals, the one enabled first. */
	private static EnabledCapability leastRecentlyUsed(List<EnabledCapability> entries) {
		EnabledCapability oldest = entries.get(0);
		for (EnabledCapability entry : entries) {
			if (entry.lastUsedAt().isBefore(oldest.lastUsedAt())) {
				oldest = entry;
			}
		}
		return oldest;
	}

	private record Step<R>(List<EnabledCapability> next, R report) {

	}

}
