package io.github.lazymcp.activation;

import java.time.Instant;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Everything a session remembers, as one immutable value: its active tools, its enabled
 * capabilities, the parent it was started from, the access policy it runs under, the
 * identity it belongs to, its counters and when it was last used. Stores keep this value
 * and change it only through the pure functions of {@link ToolSession}, so that a store
 * can retry a change or apply it under optimistic versioning.
 *
 * @param tools the active tools, in activation order
 * @param capabilities the enabled capabilities, in enable order
 * @param parentId the conversation a sub-agent's session was started from, or null
 * @param policy the name of the access policy of the session's last request, or null for
 * none
 * @param owner the opaque id of the identity the conversation is bound to (never the
 * identity's name nor a credential), or null while it is bound to none
 * @param counters what happened in the session
 * @param lastAccessedAt when the session was last used
 * @since 0.1.0
 */
public record SessionState(ActivationSet tools, ActivationSet capabilities, @Nullable String parentId,
		@Nullable String policy, @Nullable String owner, Counters counters, Instant lastAccessedAt) {

	public SessionState {
		Objects.requireNonNull(tools, "tools");
		Objects.requireNonNull(capabilities, "capabilities");
		Objects.requireNonNull(counters, "counters");
		Objects.requireNonNull(lastAccessedAt, "lastAccessedAt");
	}

	/**
	 * A new session's state.
	 * @param tools the tools it starts with (a parent's, for a sub-agent)
	 * @param parentId the parent, or null
	 * @param now the time of creation
	 * @return the state
	 */
	public static SessionState start(ActivationSet tools, @Nullable String parentId, Instant now) {
		return new SessionState(tools, ActivationSet.empty(), parentId, null, null, Counters.NONE, now);
	}

	/**
	 * A sub-agent's new state: it belongs to its parent's owner, whatever it inherits.
	 * @param parent the parent's state, or null when the parent is gone
	 * @param parentId the parent
	 * @param inherit whether it starts with the parent's active tools
	 * @param now the time of creation
	 * @return the state
	 */
	static SessionState child(@Nullable SessionState parent, String parentId, boolean inherit, Instant now) {
		ActivationSet tools = (parent != null && inherit) ? parent.tools() : ActivationSet.empty();
		return new SessionState(tools, ActivationSet.empty(), parentId, null, (parent != null) ? parent.owner() : null,
				Counters.NONE, now);
	}

	SessionState withTools(ActivationSet next) {
		return (next == this.tools) ? this : new SessionState(next, this.capabilities, this.parentId, this.policy,
				this.owner, this.counters, this.lastAccessedAt);
	}

	SessionState withCapabilities(ActivationSet next) {
		return (next == this.capabilities) ? this : new SessionState(this.tools, next, this.parentId, this.policy,
				this.owner, this.counters, this.lastAccessedAt);
	}

	SessionState withPolicy(@Nullable String next) {
		return Objects.equals(next, this.policy) ? this : new SessionState(this.tools, this.capabilities, this.parentId,
				next, this.owner, this.counters, this.lastAccessedAt);
	}

	SessionState withOwner(@Nullable String next) {
		return Objects.equals(next, this.owner) ? this : new SessionState(this.tools, this.capabilities, this.parentId,
				this.policy, next, this.counters, this.lastAccessedAt);
	}

	SessionState counted(ActivationResult result) {
		if (result.activated().isEmpty() && result.evicted().isEmpty()) {
			return this;
		}
		Counters next = new Counters(this.counters.activations() + result.activated().size(),
				this.counters.evictions() + result.evicted().size());
		return new SessionState(this.tools, this.capabilities, this.parentId, this.policy, this.owner, next,
				this.lastAccessedAt);
	}

	/** Never moves backwards, whatever order concurrent changes land in. */
	SessionState accessedAt(Instant now) {
		return now.isAfter(this.lastAccessedAt) ? new SessionState(this.tools, this.capabilities, this.parentId,
				this.policy, this.owner, this.counters, now) : this;
	}

	/**
	 * What happened in a session since it started.
	 *
	 * @param activations tools activated
	 * @param evictions tools evicted to stay within the cap
	 */
	public record Counters(long activations, long evictions) {

		/** Nothing happened yet. */
		public static final Counters NONE = new Counters(0, 0);

	}

}
