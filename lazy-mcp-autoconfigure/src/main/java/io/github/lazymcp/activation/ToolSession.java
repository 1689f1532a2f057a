package io.github.lazymcp.activation;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/*
 * A handle, not the state: every read goes to the session's record and every change is a
 * pure function of the current SessionState, published by the record under its
 * concurrency control (compare-and-set in memory, a version column in a database). A
 * change that reports something (activate, retainOnly, enableCapability) returns the
 * report computed from the state that was actually published, so each report describes
 * exactly one published transition and concurrent callers, in one JVM or on several
 * instances, never both claim the same activation or eviction.
 *
 * Reads per operation: a model step, a ToolSearch, a tool call and the start of a turn
 * each read the state once (state()) and hand that value down; the changes they make
 * start from the state the record last read or published (latest()), so an operation
 * costs one read and one write on the happy path, and a change that raced another one
 * is retried from a fresh read.
 */

/**
 * One conversation's state: its active tools, its enabled capabilities, its access policy
 * and the identity it belongs to. A handle also carries the policy and the identity
 * (owner) of the request it serves; {@link #recordStart()} binds the conversation to the
 * first owner and refuses every other. Thread-safe; readers take the {@link #state()
 * state}, an immutable value, and never block writers.
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
 * and nothing is ever moved. Enabled capabilities follow the same contract under their
 * own cap.
 *
 * <p>
 * {@link #attach(Collection, Set) Attaching} (proactive attach, before the model asked)
 * never evicts a tool the model found or used: it takes free room under the cap and the
 * room of its own earlier, never-used picks, and rejects what does not fit.
 *
 * @since 0.1.0
 */
public final class ToolSession {

	private final String id;

	private final int cap;

	private final Clock clock;

	private final SessionRecord record;

	private final @Nullable String policy;

	private final @Nullable String owner;

	// The owner's name, for the credentials of per-user servers: on the handle only,
	// never
	// in the state.
	private final @Nullable String identity;

	private final ActivationListener listener;

	private ToolSession(String id, int cap, Clock clock, SessionRecord record, @Nullable String policy,
			@Nullable String owner, @Nullable String identity, ActivationListener listener) {
		if (cap < 1) {
			throw new IllegalArgumentException("cap must be at least 1, was " + cap);
		}
		this.id = Objects.requireNonNull(id, "id must not be null");
		this.cap = cap;
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		this.record = Objects.requireNonNull(record, "record must not be null");
		this.policy = policy;
		this.owner = owner;
		this.identity = identity;
		this.listener = Objects.requireNonNull(listener, "listener must not be null");
	}

	/**
	 * A session whose state lives in the given record: what a {@link SessionStore} hands
	 * out.
	 * @param id the session id
	 * @param cap the maximum number of active tools, at least 1
	 * @param clock the source of timestamps
	 * @param record where the state lives
	 * @return the session
	 */
	public static ToolSession of(String id, int cap, Clock clock, SessionRecord record) {
		return new ToolSession(id, cap, clock, record, null, null, null, ActivationListener.NONE);
	}

	/**
	 * A session that belongs to no store, with its state in memory.
	 * @param id the session id
	 * @param cap the maximum number of active tools, at least 1
	 * @param clock the source of timestamps
	 * @param initial the state to start from
	 * @return the session
	 */
	static ToolSession inMemory(String id, int cap, Clock clock, SessionState initial) {
		if (initial.tools().size() > cap) {
			throw new IllegalArgumentException(
					"initial activation set has " + initial.tools().size() + " tools, more than the cap of " + cap);
		}
		return new ToolSession(id, cap, clock, new MemoryRecord(initial), null, null, null, ActivationListener.NONE);
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
	 * Return the active tools now: {@code state().tools()}. The value is immutable, so it
	 * stays consistent however the session changes afterwards.
	 * @return the active tools
	 */
	public ActivationSet tools() {
		return this.record.read().tools();
	}

	/**
	 * Read everything the session remembers now: one read of its store. An operation
	 * reads once and hands the value down.
	 * @return the state
	 */
	public SessionState state() {
		return this.record.read();
	}

	/**
	 * Return the state this handle last read or published, without reading the store: for
	 * a step of an operation that already read the state and may have changed it since (a
	 * listener after another listener enabled a capability).
	 * @return the state as this handle last saw it
	 */
	public SessionState latest() {
		return this.record.latest();
	}

	/**
	 * Activate tools under the cap contract described on this class. Blank names are
	 * ignored and duplicates collapse.
	 * @param names the names to activate, in request order
	 * @return what happened, to be reported to the model
	 */
	public ActivationResult activate(Collection<String> names) {
		List<String> requested = new ArrayList<>(names);
		Instant now = this.clock.instant();
		ActivationResult result = this.record.update((current) -> {
			Transition<ActivationResult> change = current.tools().activate(requested, this.cap, now);
			SessionState next = current.withTools(change.next()).counted(change.report());
			return new SessionRecord.Update<>(next.accessedAt(now), change.report());
		});
		report(result);
		return result;
	}

	/**
	 * Activate a deferred tool the model called before loading it and, in the same
	 * change, record a use of the enabled capabilities that expose it: one write for the
	 * whole call, made before the tool runs so that it stays active even if the call
	 * fails.
	 * @param name the tool name
	 * @param capabilities the capabilities exposing the tool
	 * @return what happened to the tool
	 */
	public ActivationResult activateForCall(String name, Collection<String> capabilities) {
		Instant now = this.clock.instant();
		List<String> owners = List.copyOf(capabilities);
		ActivationResult result = this.record.update((current) -> {
			Transition<ActivationResult> change = current.tools().activate(List.of(name), this.cap, now);
			ActivationSet enabled = current.capabilities();
			for (String owner : owners) {
				enabled = enabled.touch(owner, now);
			}
			SessionState next = current.withTools(change.next().touch(name, now))
				.withCapabilities(enabled)
				.counted(change.report());
			return new SessionRecord.Update<>(next.accessedAt(now), change.report());
		});
		report(result);
		return result;
	}

	/**
	 * Add tools picked before the model asked for them, without evicting any tool that
	 * was activated on request or used: the new names take the free room under the cap,
	 * then replace earlier attached tools that were never used since, are not picked
	 * again and are not in {@code kept}; what still does not fit is rejected. Tools
	 * already active are left as they are. Attached tools are tentative until used
	 * ({@link ActivationSet#tentative(String)}).
	 * @param names the names to add, best first
	 * @param kept attached tools that must stay (for instance, called recently)
	 * @return what happened: {@code evicted} holds the replaced attached tools
	 */
	public ActivationResult attach(Collection<String> names, Set<String> kept) {
		List<String> requested = new ArrayList<>(names);
		Set<String> floor = Set.copyOf(kept);
		Instant now = this.clock.instant();
		ActivationResult result = this.record.update((current) -> {
			Transition<ActivationResult> change = current.tools().fill(requested, this.cap, floor, now);
			SessionState next = current.withTools(change.next()).counted(change.report());
			return new SessionRecord.Update<>(next.accessedAt(now), change.report());
		});
		report(result);
		return result;
	}

	/**
	 * Record a successful call of a tool, which protects it from eviction relative to
	 * less recently used tools. Its position does not change. Does nothing if the tool is
	 * not active. Failed calls must not be reported here.
	 * @param name the tool name
	 */
	public void touch(String name) {
		touch(name, List.of());
	}

	/**
	 * Record a successful call of a tool and, in the same change, a use of the enabled
	 * capabilities that expose it: one write for the whole call. Names that are not
	 * active or not enabled are left alone.
	 * @param name the tool name
	 * @param capabilities the capabilities exposing the tool
	 */
	public void touch(String name, Collection<String> capabilities) {
		Instant now = this.clock.instant();
		List<String> owners = List.copyOf(capabilities);
		this.record.update((current) -> {
			ActivationSet enabled = current.capabilities();
			for (String owner : owners) {
				enabled = enabled.touch(owner, now);
			}
			return unreported(
					current.withTools(current.tools().touch(name, now)).withCapabilities(enabled).accessedAt(now));
		});
	}

	/**
	 * Drop the tools that vanished from the catalog. The predicate may be asked more than
	 * once per name if other threads change the session at the same time.
	 * @param stillExists whether a tool name is still in the catalog
	 * @return the dropped names, in activation order
	 */
	public List<String> retainOnly(Predicate<String> stillExists) {
		return this.record.update((current) -> {
			Transition<List<String>> change = current.tools().retainOnly(stillExists);
			return new SessionRecord.Update<>(current.withTools(change.next()), change.report());
		});
	}

	/**
	 * Deactivate every tool.
	 */
	public void reset() {
		Instant now = this.clock.instant();
		this.record.update((current) -> unreported(current.withTools(ActivationSet.empty()).accessedAt(now)));
	}

	/**
	 * Return the enabled capabilities, in enable order.
	 * @return the capabilities as an activation set
	 */
	public ActivationSet capabilities() {
		return this.record.read().capabilities();
	}

	/**
	 * Enable a capability unless it is enabled already, in which case nothing changes,
	 * not even its recency; otherwise under the cap contract described on this class,
	 * with the given cap. Then, in the same change, activate the capability's tools as
	 * {@link #activate} does.
	 * @param name the capability
	 * @param maxActive how many capabilities may be enabled at once, at least 1
	 * @param tools the capability's tools to activate
	 * @return what happened to the capabilities ({@code alreadyActive} holds the name
	 * when it was enabled already, {@code evicted} the least recently used capability
	 * that made room) and to the tools
	 */
	public Enabled enableCapability(String name, int maxActive, Collection<String> tools) {
		Instant now = this.clock.instant();
		List<String> requested = new ArrayList<>(tools);
		Enabled enabled = this.record.update((current) -> {
			ActivationSet capabilities = current.capabilities();
			Transition<ActivationResult> capability = capabilities.contains(name)
					? new Transition<>(capabilities, new ActivationResult(List.of(), List.of(name), List.of(),
							List.of(), capabilities.size(), maxActive))
					: capabilities.activate(List.of(name), maxActive, now);
			Transition<ActivationResult> activation = current.tools().activate(requested, this.cap, now);
			SessionState next = current.withCapabilities(capability.next())
				.withTools(activation.next())
				.counted(activation.report());
			return new SessionRecord.Update<>((next == current) ? current : next.accessedAt(now),
					new Enabled(capability.report(), activation.report()));
		});
		report(enabled.tools());
		return enabled;
	}

	/**
	 * Disable a capability and, in the same change, deactivate the tools that were active
	 * only for it.
	 * @param name the capability
	 * @param onlyFor whether an active tool is there only for this capability, given the
	 * capabilities that stay enabled
	 * @return whether it was enabled
	 */
	public boolean disableCapability(String name, BiPredicate<String, ActivationSet> onlyFor) {
		return this.record.update((current) -> {
			Transition<Boolean> change = current.capabilities().remove(name);
			if (!change.report()) {
				return new SessionRecord.Update<>(current, false);
			}
			ActivationSet remaining = change.next();
			ActivationSet tools = current.tools().retainOnly((tool) -> !onlyFor.test(tool, remaining)).next();
			return new SessionRecord.Update<>(current.withCapabilities(remaining).withTools(tools), true);
		});
	}

	/**
	 * Return the access policy the current request runs under: a property of this handle,
	 * not of the stored state, so that it is known without reading the store.
	 * @return the policy name, or null for none
	 */
	public @Nullable String policy() {
		return this.policy;
	}

	/**
	 * Return a handle on the same session for a request that runs under a policy. Reads
	 * and writes nothing.
	 * @param policy the policy name, or null for none
	 * @return the handle
	 */
	public ToolSession withPolicy(@Nullable String policy) {
		return Objects.equals(policy, this.policy) ? this : new ToolSession(this.id, this.cap, this.clock, this.record,
				policy, this.owner, this.identity, this.listener);
	}

	/**
	 * Return the identity the current request runs under: a property of this handle, not
	 * of the stored session.
	 * @return the identity's opaque id, or null for none
	 */
	public @Nullable String owner() {
		return this.owner;
	}

	/**
	 * Return the name of the identity the current request runs under, which the
	 * credentials of per-user servers are asked for by: a property of this handle, never
	 * stored.
	 * @return the name, or null for none
	 */
	public @Nullable String identity() {
		return this.identity;
	}

	/**
	 * Return a handle on the same session for a request that runs under an identity.
	 * Reads and writes nothing: {@link #recordStart()} binds the conversation.
	 * @param owner the identity's opaque id, or null for none
	 * @return the handle
	 */
	public ToolSession withOwner(@Nullable String owner) {
		return withOwner(owner, null);
	}

	/**
	 * Return a handle on the same session for a request that runs under an identity,
	 * knowing the identity's name for its per-user servers' credentials. Reads and writes
	 * nothing: {@link #recordStart()} binds the conversation, to the opaque id only.
	 * @param owner the identity's opaque id, or null for none
	 * @param identity the identity's name, or null
	 * @return the handle
	 */
	public ToolSession withOwner(@Nullable String owner, @Nullable String identity) {
		return (Objects.equals(owner, this.owner) && Objects.equals(identity, this.identity)) ? this : new ToolSession(
				this.id, this.cap, this.clock, this.record, this.policy, owner, identity, this.listener);
	}

	/**
	 * Return a handle on the same session that reports every activation and eviction it
	 * makes. Reads and writes nothing.
	 * @param listener told of each change to the active tools made through the handle
	 * @return the handle
	 */
	public ToolSession withListener(ActivationListener listener) {
		return new ToolSession(this.id, this.cap, this.clock, this.record, this.policy, this.owner, this.identity,
				listener);
	}

	/**
	 * The one read and write of a turn's start: bind the conversation to this handle's
	 * owner when it is bound to no one yet, and remember this handle's policy in the
	 * session's state, where the endpoint shows it; unless the conversation belongs to
	 * another owner (or this handle has none and it has one), in which case nothing
	 * changes. Whether the request may go on is whether the state's owner is this
	 * handle's ({@link #ownedBy(SessionState)}).
	 * @return the state after the change, the state read when the conversation is
	 * another's
	 */
	public SessionState recordStart() {
		return this.record.update((current) -> {
			if (!ownedBy(current) && current.owner() != null) {
				return new SessionRecord.Update<>(current, current);
			}
			SessionState next = current.withOwner(this.owner).withPolicy(this.policy);
			return new SessionRecord.Update<>(next, next);
		});
	}

	/**
	 * Whether a state of this session belongs to the identity this handle runs under.
	 * @param state the state
	 * @return true when both are bound to the same owner, or to none
	 */
	public boolean ownedBy(SessionState state) {
		return Objects.equals(state.owner(), this.owner);
	}

	/**
	 * Return when the session was last activated into, touched, reset or obtained from
	 * its store. Never moves backwards.
	 * @return the last access time, from the injected clock
	 */
	public Instant lastAccessedAt() {
		return this.record.read().lastAccessedAt();
	}

	/**
	 * Record an access now.
	 */
	void markAccessed() {
		Instant now = this.clock.instant();
		this.record.update((current) -> unreported(current.accessedAt(now)));
	}

	/**
	 * A change that reports nothing. {@code Update}'s result is a type variable that may
	 * be null, and a {@code Void} result has no value but null; NullAway, outside its
	 * JSpecify mode, does not read that bound, hence the suppression.
	 */
	@SuppressWarnings("NullAway")
	private static SessionRecord.Update<@Nullable Void> unreported(SessionState next) {
		return new SessionRecord.Update<>(next, null);
	}

	private void report(ActivationResult result) {
		if (!result.activated().isEmpty() || !result.evicted().isEmpty()) {
			this.listener.activated(this.id, result);
		}
	}

	@Override
	public String toString() {
		return "ToolSession[id=" + this.id + ", cap=" + this.cap + "]";
	}

	/**
	 * State in one atomic reference, changed by compare-and-set. NullAway reads every
	 * {@code AtomicReference.get()} as nullable; this one starts with a state and is only
	 * ever set to the non-null state a change returns, hence the suppression.
	 */
	@SuppressWarnings("NullAway")
	private static final class MemoryRecord implements SessionRecord {

		private final AtomicReference<SessionState> state;

		MemoryRecord(SessionState initial) {
			this.state = new AtomicReference<>(initial);
		}

		@Override
		public SessionState read() {
			return this.state.get();
		}

		@Override
		public SessionState latest() {
			return this.state.get();
		}

		@Override
		public <R extends @Nullable Object> R update(Function<SessionState, Update<R>> change) {
			while (true) {
				SessionState current = this.state.get();
				Update<R> update = change.apply(current);
				if (update.next() == current || this.state.compareAndSet(current, update.next())) {
					return update.result();
				}
			}
		}

	}

	/**
	 * What enabling a capability changed, in one write.
	 *
	 * @param capability what happened to the enabled capabilities
	 * @param tools what happened to the active tools
	 */
	public record Enabled(ActivationResult capability, ActivationResult tools) {

	}

}
