package io.github.lazymcp.advisor.internal;

import java.time.Instant;
import java.util.Map;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.identity.ConversationOwnerException;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.OpaqueIds;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;

/**
 * Finds the session a chat request belongs to, from its advisor parameters: the
 * conversation id names the session; an optional parent conversation id seeds a new
 * session (a sub-agent's) with a snapshot of the parent's active tools, unless the
 * inherit parameter is false. Without a conversation id the session lasts for that call
 * only.
 *
 * <p>
 * The session handle carries the access policy the request runs under (the policy the
 * {@link PolicyResolver} names, else the default one) and its identity: the advisor
 * parameter {@link LazyMcpRequest#IDENTITY}, else what the {@link IdentityResolver} names
 * on the calling thread, fixed into that parameter before the request leaves it. The
 * turn's start binds the conversation to its first identity and refuses any other. When
 * the store cannot be reached the request still gets its session's handle, and the parts
 * that read or change the session answer for that themselves.
 *
 * @param store where sessions live
 * @param keys the advisor parameters that name the session
 * @param policies the configured access policies
 * @param policyResolver names a request's policy
 * @param identityResolver names a request's identity when the application did not
 */
record SessionResolver(SessionStore store, LazyMcpRequest.Keys keys, AccessPolicies policies,
		PolicyResolver policyResolver, IdentityResolver identityResolver) {

	private static final Log logger = LogFactory.getLog(SessionResolver.class);

	/**
	 * The request with its identity in {@link LazyMcpRequest#IDENTITY}: the one the
	 * application gave, else the resolver's. Call on the thread that makes the request.
	 * @param request the request
	 * @return the request, with the resolver's identity when it names one
	 */
	ChatClientRequest fixIdentity(ChatClientRequest request) {
		if (LazyMcpRequest.identity(request).isPresent()) {
			return request;
		}
		String identity = text(this.identityResolver.identity(request.context()));
		return (identity != null) ? request.mutate().context(LazyMcpRequest.IDENTITY, identity).build() : request;
	}

	/**
	 * The session for a request.
	 * @param context the request's advisor context, its identity fixed
	 * @return the stored session, or an ephemeral one when no conversation id is given
	 */
	ToolSession resolve(Map<String, @Nullable Object> context) {
		String policy = this.policies.choose(this.policyResolver.policy(context));
		String identity = text(context.get(LazyMcpRequest.IDENTITY));
		return session(context).withPolicy(policy)
			.withOwner((identity != null) ? OpaqueIds.of(identity) : null, identity);
	}

	/**
	 * The one read of a call's start: binds the conversation to the request's identity if
	 * it is bound to no one, records the request's policy in the session's state, where
	 * the endpoint shows it, and returns the state.
	 * @param session the session of the request
	 * @return the state, or an empty one while the store cannot be reached (the handle
	 * still carries the policy and the identity for this request)
	 * @throws ConversationOwnerException when the conversation belongs to another
	 * identity; nothing of it changed
	 */
	SessionState start(ToolSession session) {
		SessionState state;
		try {
			state = session.recordStart();
		}
		catch (SessionStoreException ex) {
			return SessionState.start(ActivationSet.empty(), null, Instant.EPOCH);
		}
		if (!session.ownedBy(state)) {
			// Conversation ids and identities: DEBUG only.
			logger.warn("Refused a chat request: its conversation belongs to another identity");
			logger.debug("Refused session '%s' to %s: it belongs to %s".formatted(session.id(), session.owner(),
					state.owner()));
			throw new ConversationOwnerException();
		}
		return state;
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
