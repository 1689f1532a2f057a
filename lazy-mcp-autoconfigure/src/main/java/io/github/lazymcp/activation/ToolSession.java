package io.github.lazymcp.activation;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;

/*
 * All state is two atomic references; there are no locks. The activation set is an
 * immutable value, and every change is a pure function of the current value applied in
 * a compare-and-set loop. A change that reports something (activate, retainOnly) returns
 * the report computed from the value that actually won the CAS, so each report
 * describes exactly one published transition and concurrent callers never both claim
 * the same activation or eviction.
 */

/**
 * One conversation's activation state. Thread-safe and lock-free: readers take a
 * {@link #snapshot() snapshot} and never block writers.
 *
 * <p>
 * <b>Cap contract.</b> The number of active tools can never exceed {@link #cap()}, not
 * even transiently or under concurrent use, because every published value is computed
 * within the cap. When an activation brings in new names while the session is full, the
 * least recently used tools are evicted first, where a tool is used when it is activated,
 * requested again while active ({@code alreadyActive}), or successfully called
 * ({@link #touch(String)}). Recency is an internal sequence, so ties cannot occur. An
 * activation never evicts names that are part of the same request; if a request holds
 * more new names than fit, the first ones in request order are activated and the rest are
 * reported as {@code rejected}. Tools stay in activation order: eviction removes entries,
 * and nothing is ever moved.
 */
public final class ToolSession {

	private final String id;

	private final int cap;

	private final Clock clock;

	private final AtomicReference<ActivationSet> state;

	private final AtomicReference<Instant> lastAccessedAt;

	ToolSession(String id, int cap, Clock clock, ActivationSet initial) {
		if (cap < 1) {
			throw new IllegalArgumentException("cap must be at least 1, was " + cap);
		}
		if (initial.size() > cap) {
			throw new IllegalArgumentException(
					"initial activation set has " + initial.size() + " tools, more than the cap of " + cap);
		}
		this.id = Objects.requireNonNull(id, "id must not be null");
		this.cap = cap;
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.state = new AtomicReference<>(initial);
		this.lastAccessedAt = new AtomicReference<>(clock.instant());
	}

	/**
	 * Create a session that belongs to no store, for state that is not a conversation's
	 * (the capabilities enabled for the whole application, for instance).
	 * @param id a name for messages
	 * @param cap the maximum number of active entries, at least 1
	 * @param clock the source of timestamps
	 * @return an empty session
	 */
	public static ToolSession detached(String id, int cap, Clock clock) {
		return new ToolSession(id, cap, clock, ActivationSet.empty());
	}

	/**
	 * Return the session id.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

	/**
	 * Return the maximum number of tools that can be active at once.
	 * @return the cap, at least 1
	 */
	public int cap() {
		return this.cap;
	}

	/**
	 * Return the current activation set. The value is immutable, so it stays consistent
	 * however the session changes afterwards.
	 * @return the current set
	 */
	public ActivationSet snapshot() {
		return this.state.get();
	}

	/**
	 * Activate tools under the cap contract described on this class. Blank names are
	 * ignored and duplicates collapse.
	 * @param names the names to activate, in request order
	 * @return what happened, to be reported to the model
	 */
	public ActivationResult activate(Collection<String> names) {
		List<String> requested = new ArrayList<>(names);
		Instant now = markAccessed();
		return apply((current) -> current.activate(requested, this.cap, now));
	}

	/**
	 * Activate one name unless it is active already, in which case nothing changes, not
	 * even its recency. Otherwise under the cap contract described on this class.
	 * @param name the name to activate
	 * @return what happened; {@code alreadyActive} holds the name when nothing changed
	 */
	public ActivationResult activateIfAbsent(String name) {
		Instant now = markAccessed();
		return apply((current) -> current.contains(name)
				? new Transition<>(current,
						new ActivationResult(List.of(), List.of(name), List.of(), List.of(), current.size(), this.cap))
				: current.activate(List.of(name), this.cap, now));
	}

	/**
	 * Deactivate one name.
	 * @param name the name
	 * @return whether it was active
	 */
	public boolean remove(String name) {
		markAccessed();
		return apply((current) -> current.remove(name));
	}

	/**
	 * Record a successful call of a tool, which protects it from eviction relative to
	 * less recently used tools. Its position does not change. Does nothing if the tool is
	 * not active. Failed calls must not be reported here.
	 * @param name the tool name
	 */
	public void touch(String name) {
		Instant now = markAccessed();
		this.state.updateAndGet((current) -> current.touch(name, now));
	}

	/**
	 * Drop the tools that vanished from the catalog. The predicate may be asked more than
	 * once per name if other threads change the session at the same time.
	 * @param stillExists whether a tool name is still in the catalog
	 * @return the dropped names, in activation order
	 */
	public List<String> retainOnly(Predicate<String> stillExists) {
		return apply((current) -> current.retainOnly(stillExists));
	}

	/**
	 * Deactivate every tool.
	 */
	public void reset() {
		markAccessed();
		this.state.set(ActivationSet.empty());
	}

	/**
	 * Return when the session was last obtained from its store, activated, touched or
	 * reset. Never moves backwards.
	 * @return the last access time, from the injected clock
	 */
	public Instant lastAccessedAt() {
		return this.lastAccessedAt.get();
	}

	/**
	 * Record an access now.
	 * @return the current time
	 */
	Instant markAccessed() {
		Instant now = this.clock.instant();
		this.lastAccessedAt.accumulateAndGet(now,
				(previous, current) -> current.isAfter(previous) ? current : previous);
		return now;
	}

	private <R> R apply(Function<ActivationSet, Transition<R>> change) {
		while (true) {
			ActivationSet current = this.state.get();
			Transition<R> transition = change.apply(current);
			if (transition.next() == current || this.state.compareAndSet(current, transition.next())) {
				return transition.report();
			}
		}
	}

	@Override
	public String toString() {
		return "ToolSession[id=" + this.id + ", cap=" + this.cap + ", active=" + snapshot() + "]";
	}

}
