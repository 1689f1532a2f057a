package io.github.lazymcp.advisor.internal;

import java.time.Instant;
import java.util.Map;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.jspecify.annotations.Nullable;

/**
 * Finds the session a chat request belongs to, from its advisor parameters: the
 * conversation id names the session; an optional parent conversation id seeds a new
 * session (a sub-agent's) with a snapshot of the parent's active tools, unless the
 * inherit parameter is false. Without a conversation id the session lasts for that call
 * only.
 *
 * <p>
 * The session handle carries the access policy the request runs under: the policy the
 * {@link PolicyResolver} names, else the default one. When the store cannot be reached
 * the request still gets its session's handle, and the parts that read or change the
 * session answer for that themselves.
 *
 * @param store where sessions live
 * @param keys the advisor parameters that name the session
 * @param policies the configured access policies
 * @param policyResolver names a request's policy
 */
record SessionResolver(SessionStore store, LazyMcpRequest.Keys keys, AccessPolicies policies,
		PolicyResolver policyResolver) {

	/**
	 * The session for a request.
	 * @param context the request's advisor context
	 * @return the stored session, or an ephemeral one when no conversation id is given
	 */
	ToolSession resolve(Map<String, @Nullable Object> context) {
		String policy = this.policies.choose(this.policyResolver.policy(context));
		return session(context).withPolicy(policy);
	}

	/**
	 * The one read of a call's start: records the request's policy in the session's
	 * state, where the endpoint shows it, and returns the state.
	 * @param session the session of the request
	 * @return the state, or an empty one while the store cannot be reached (the handle
	 * still carries the policy for this request)
	 */
	SessionState start(ToolSession session) {
		try {
			return session.recordPolicy();
		}
		catch (SessionStoreException ex) {
			return SessionState.start(ActivationSet.empty(), null, Instant.EPOCH);
		}
	}

	private ToolSession session(Map<String, @Nullable Object> context) {
		String id = text(context.get(this.keys.conversationId()));
		if (id == null) {
			return this.store.ephemeral();
		}
		String parent = text(context.get(this.keys.parentConversationId()));
		if (parent == null || parent.equals(id)) {
			return this.store.session(id);
		}
		boolean inherit = !"false".equalsIgnoreCase(String.valueOf(context.get(this.keys.inheritParent())));
		try {
			return this.store.child(id, parent, inherit);
		}
		catch (SessionStoreException ex) {
			return this.store.session(id);
		}
	}

	private static @Nullable String text(@Nullable Object value) {
		if (value == null) {
			return null;
		}
		String text = value.toString();
		return text.isBlank() ? null : text;
	}

}
