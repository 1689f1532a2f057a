package io.github.lazymcp.activation;

import java.util.Objects;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/*
 * The value is immutable so that a session can publish it through one AtomicReference:
 * readers get a consistent snapshot without locking, and writers apply one of the pure
 * functions below and retry on contention. A function may therefore run several times
 * for one logical change and must not have side effects.
 *
 * Two orders live in the value and must not be confused:
 * - List order is activation order. It changes only by removing entries or appending new
 *   ones, so the tool list rendered into the prompt keeps a stable prefix and provider
 *   prompt caches stay valid. Using a tool never moves it.
 * - Recency is a per-entry use number drawn from a counter carried in the value. It
 *   strictly increases with every use, so eviction never depends on two uses landing in
 *   the same clock tick; the clock only supplies the timestamps shown to people.
 */

/**
 * An immutable set of active tools, in activation order.
 *
 * <p>
 * <b>Cap contract.</b> The size can never exceed the cap of the session holding the set:
 * activation is the only way to add tools, and it evicts or rejects so that the result
 * holds at most that cap. When new names do not fit, tentative entries (see below) are
 * evicted first, then the least recently used tools, where a tool is used when it is
 * activated, requested again while active, or successfully called; ties cannot occur
 * because recency is a sequence, not a time. So an activation evicts a tool the model
 * found or used only when no tentative entry is left, and then leaves the set full of
 * such tools: a fill right after it (capability auto-activation, then proactive attach,
 * at a turn's start) cannot bring an evicted tool back as tentative. Names that are part
 * of the same request are never evicted by it; new names that still do not fit are
 * rejected, keeping the first ones in request order. Nothing is ever reordered: eviction
 * removes entries and activation appends them.
 *
 * <p>
 * <b>Tentative entries.</b> A {@link #fill fill} (proactive attach) adds names only
 * within the cap's free room plus the room of earlier tentative entries it may replace,
 * and marks what it adds as tentative: picked before anyone asked for it. An entry stops
 * being tentative as soon as it is used (activated again, or called). A fill evicts
 * tentative entries only, never one the model found or used, so its result is also within
 * the cap.
 *
 * @since 0.1.0
 */
public final class ActivationSet {

	private static final ActivationSet EMPTY = new ActivationSet(List.of(), 0);

	private final List<Slot> slots;

	/** The use number the next use gets; greater than every use number in the set. */
	private final long nextUse;

	private final List<ActiveTool> tools;

	private final List<String> names;

	private final Set<String> nameSet;

	private ActivationSet(List<Slot> slots, long nextUse) {
		this.slots = List.copyOf(slots);
		this.nextUse = nextUse;
		this.tools = this.slots.stream().map(Slot::tool).toList();
		this.names = this.tools.stream().map(ActiveTool::name).toList();
		this.nameSet = Set.copyOf(this.names);
	}

	/** Return the set without any active tool. */
	public static ActivationSet empty() {
		return EMPTY;
	}

	/**
	 * Rebuild a set exactly as it was: same entries, same order, same recency. For stores
	 * that keep sets outside the JVM.
	 * @param slots the entries in activation order with their use numbers
	 * @param nextUse the use number the next use gets, greater than every slot's
	 * @return the set
	 */
	static ActivationSet restore(List<Slot> slots, long nextUse) {
		for (Slot slot : slots) {
			if (slot.lastUse() >= nextUse) {
				throw new IllegalArgumentException("use number %d of '%s' is not below the next use %d"
					.formatted(slot.lastUse(), slot.name(), nextUse));
			}
		}
		return slots.isEmpty() && nextUse == 0 ? EMPTY : new ActivationSet(slots, nextUse);
	}

	List<Slot> slots() {
		return this.slots;
	}

	long nextUse() {
		return this.nextUse;
	}

	/** Return the active tools as an unmodifiable list in activation order. */
	public List<ActiveTool> tools() {
		return this.tools;
	}

	/** Return the active tool names as an unmodifiable list in activation order. */
	public List<String> names() {
		return this.names;
	}

	/** Return whether the named tool is in this set. */
	public boolean contains(String name) {
		return this.nameSet.contains(name);
	}

	/**
	 * Return whether the named tool was added by a {@link #fill fill} (a proactive
	 * attach) and not used since.
	 * @param name the tool name
	 * @return whether it is active and tentative
	 */
	public boolean tentative(String name) {
		return this.slots.stream().anyMatch((slot) -> slot.tentative() && slot.name().equals(name));
	}

	/** Return the number of active tools. */
	public int size() {
		return this.slots.size();
	}

	/**
	 * Activate names under the cap contract described on this class. Blank names are
	 * ignored and duplicates collapse to their first occurrence.
	 * @param requested the names to activate, in request order
	 * @param cap the maximum size of the result, at least 1
	 * @param now the timestamp recorded for new and reused tools
	 * @return the new set and the report
	 */
	Transition<ActivationResult> activate(Collection<String> requested, int cap, Instant now) {
		if (cap < 1) {
			throw new IllegalArgumentException("cap must be at least 1, was " + cap);
		}
		List<String> wanted = distinctNonBlank(requested);
		List<String> again = wanted.stream().filter(this::contains).toList();
		List<String> fresh = wanted.stream().filter((name) -> !contains(name)).toList();
		int room = Math.max(0, cap - again.size());
		List<String> admitted = fresh.subList(0, Math.min(room, fresh.size()));
		List<String> rejected = fresh.subList(admitted.size(), fresh.size());
		List<Slot> touched = useAll(again, now);
		List<String> evicted = leastRecentlyUsed(touched, touched.size() + admitted.size() - cap, again);
		List<Slot> next = new ArrayList<>(touched.size() + admitted.size());
		touched.stream().filter((slot) -> !evicted.contains(slot.name())).forEach(next::add);
		long use = this.nextUse + again.size();
		for (String name : admitted) {
			next.add(new Slot(new ActiveTool(name, now, now), use++));
		}
		ActivationSet result = wanted.isEmpty() ? this : new ActivationSet(next, use);
		return new Transition<>(result, new ActivationResult(admitted, again, evicted, rejected, result.size(), cap));
	}

	/**
	 * Add names without evicting anything the model found or used: new names take the
	 * free room under the cap, then the room of tentative entries that are neither asked
	 * for again nor in {@code kept} (least recently used first). Names already active are
	 * left exactly as they are, neither used nor marked. What is added is tentative.
	 * Blank names are ignored and duplicates collapse.
	 * @param requested the names to add, best first
	 * @param cap the maximum size of the result, at least 1
	 * @param kept tentative entries that must not be replaced (a rescue floor)
	 * @param now the timestamp recorded for new tools
	 * @return the new set and the report: {@code alreadyActive} the requested names that
	 * were active, {@code evicted} the tentative entries replaced, {@code rejected} the
	 * new names that did not fit
	 */
	Transition<ActivationResult> fill(Collection<String> requested, int cap, Set<String> kept, Instant now) {
		if (cap < 1) {
			throw new IllegalArgumentException("cap must be at least 1, was " + cap);
		}
		List<String> wanted = distinctNonBlank(requested);
		List<String> again = wanted.stream().filter(this::contains).toList();
		List<String> fresh = wanted.stream().filter((name) -> !contains(name)).toList();
		List<String> replaceable = this.slots.stream()
			.filter((slot) -> slot.tentative() && !wanted.contains(slot.name()) && !kept.contains(slot.name()))
			.sorted(Comparator.comparingLong(Slot::lastUse))
			.map(Slot::name)
			.toList();
		int room = Math.max(0, cap - size()) + replaceable.size();
		List<String> admitted = fresh.subList(0, Math.min(room, fresh.size()));
		List<String> rejected = fresh.subList(admitted.size(), fresh.size());
		List<String> evicted = replaceable.subList(0, Math.max(0, size() + admitted.size() - cap));
		List<Slot> next = new ArrayList<>(this.slots.size() + admitted.size());
		this.slots.stream().filter((slot) -> !evicted.contains(slot.name())).forEach(next::add);
		long use = this.nextUse;
		for (String name : admitted) {
			next.add(new Slot(new ActiveTool(name, now, now), use++, true));
		}
		ActivationSet result = admitted.isEmpty() ? this : new ActivationSet(next, use);
		return new Transition<>(result, new ActivationResult(admitted, again, evicted, rejected, result.size(), cap));
	}

	/**
	 * Record a successful use of a tool. Its position does not change.
	 * @param name the tool name
	 * @param now the timestamp recorded as last use
	 * @return the new set, or this very instance if the tool is not active
	 */
	ActivationSet touch(String name, Instant now) {
		int index = this.names.indexOf(name);
		if (index < 0) {
			return this;
		}
		List<Slot> next = new ArrayList<>(this.slots);
		next.set(index, this.slots.get(index).usedAt(now, this.nextUse));
		return new ActivationSet(next, this.nextUse + 1);
	}

	/**
	 * Keep only the tools that still exist. The predicate is asked once per tool.
	 * @param stillExists whether a tool name is still in the catalog
	 * @return the new set (this very instance if nothing was dropped) and the dropped
	 * names in activation order
	 */
	Transition<List<String>> retainOnly(Predicate<String> stillExists) {
		List<Slot> kept = new ArrayList<>(this.slots.size());
		List<String> dropped = new ArrayList<>();
		for (Slot slot : this.slots) {
			if (stillExists.test(slot.name())) {
				kept.add(slot);
			}
			else {
				dropped.add(slot.name());
			}
		}
		ActivationSet next = dropped.isEmpty() ? this : new ActivationSet(kept, this.nextUse);
		return new Transition<>(next, List.copyOf(dropped));
	}

	/**
	 * Remove one entry, keeping the order and recency of the others.
	 * @param name the name to remove
	 * @return the new set (this very instance if the name is not in it) and whether it
	 * was
	 */
	Transition<Boolean> remove(String name) {
		if (!contains(name)) {
			return new Transition<>(this, false);
		}
		return new Transition<>(retainOnly((each) -> !each.equals(name)).next(), true);
	}

	/** Marks the given active names as used, in request order, keeping positions. */
	private List<Slot> useAll(List<String> again, Instant now) {
		List<Slot> next = new ArrayList<>(this.slots);
		for (int i = 0; i < again.size(); i++) {
			int index = this.names.indexOf(again.get(i));
			next.set(index, next.get(index).usedAt(now, this.nextUse + i));
		}
		return next;
	}

	/*
	 * Callers guarantee count <= slots not spared: admitted new names never exceed cap -
	 * spared, so size + admitted - cap <= size - spared. That is what keeps the result
	 * within the cap, even for a set that was somehow over it.
	 */
	private static List<String> leastRecentlyUsed(List<Slot> slots, int count, List<String> spared) {
		if (count <= 0) {
			return List.of();
		}
		return slots.stream()
			.filter((slot) -> !spared.contains(slot.name()))
			.sorted(Comparator.comparing((Slot slot) -> !slot.tentative()).thenComparingLong(Slot::lastUse))
			.limit(count)
			.map(Slot::name)
			.toList();
	}

	/** Names come from model output, so tolerate nulls the same way as blanks. */
	private static List<String> distinctNonBlank(Collection<String> requested) {
		Set<String> distinct = new LinkedHashSet<>();
		for (String name : requested) {
			if (name != null && !name.isBlank()) {
				distinct.add(name);
			}
		}
		return List.copyOf(distinct);
	}

	/**
	 * Whether the other set holds the same entries in the same order with the same
	 * recency: what a store must give back for a set it was given.
	 */
	@Override
	public boolean equals(@Nullable Object other) {
		return this == other
				|| (other instanceof ActivationSet set && this.nextUse == set.nextUse && this.slots.equals(set.slots));
	}

	@Override
	public int hashCode() {
		return this.slots.hashCode() * 31 + Long.hashCode(this.nextUse);
	}

	@Override
	public String toString() {
		return this.names.toString();
	}

	/**
	 * An active tool, the use number that ranks its recency, and whether it was added by
	 * a {@link #fill fill} and not used since.
	 */
	record Slot(ActiveTool tool, long lastUse, boolean tentative) {

		Slot(ActiveTool tool, long lastUse) {
			this(tool, lastUse, false);
		}

		String name() {
			return this.tool.name();
		}

		Slot usedAt(Instant now, long use) {
			return new Slot(new ActiveTool(this.tool.name(), this.tool.activatedAt(), now), use, false);
		}

	}

	/**
	 * One activated tool of a session.
	 *
	 * @param name the tool name
	 * @param activatedAt when the tool was activated (from the injected clock, for
	 * display)
	 * @param lastUsedAt when the tool was last activated, found again or successfully
	 * called (for display only: eviction order is decided by a sequence number, never by
	 * this time)
	 */
	public record ActiveTool(String name, Instant activatedAt, Instant lastUsedAt) {

		public ActiveTool {
			Objects.requireNonNull(name, "name must not be null");
			Objects.requireNonNull(activatedAt, "activatedAt must not be null");
			Objects.requireNonNull(lastUsedAt, "lastUsedAt must not be null");
		}

	}

}
