package io.github.lazymcp.tool.internal;

import java.time.Instant;
import java.util.Optional;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.internal.OwnerRoutedCallback;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;

/**
 * Wraps an MCP tool so that real calls are tracked: a successful call marks the tool used
 * in the session (its least-recently-used position) and is reported to the listener, a
 * failed one is not. Every call counts in the tool's priors (success, duration); a
 * successful one also teaches {@link Learning} the user's request of its turn.
 *
 * <p>
 * Calling a deferred tool that the session has not activated never fails with "no tool
 * callback found": depending on {@link ToolSettings.DeferredCall} the tool runs and
 * becomes active, or the model is told to load it first. Malformed arguments and failures
 * of the MCP server become a {@link ToolExecutionException}, which Spring AI turns into
 * an error result for the model. A call of a tool whose server is down or reconnecting
 * runs nothing and answers at once with an error result that says so, counted in
 * {@link UsageStats#refusedCalls}. The session never reaches the server.
 */
final class TrackedToolCallback implements ToolCallback {

	private static final SessionState EMPTY = SessionState.start(ActivationSet.empty(), null, Instant.EPOCH);

	private final CatalogTool tool;

	private final boolean deferred;

	private final ToolCalls calls;

	TrackedToolCallback(CatalogTool tool, boolean deferred, ToolCalls calls) {
		this.tool = tool;
		this.deferred = deferred;
		this.calls = calls;
	}

	CatalogTool tool() {
		return this.tool;
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.tool.definition();
	}

	@Override
	public String call(String toolInput) {
		return call(toolInput, null);
	}

	/*
	 * One read of the session before the call (access, whether the tool is active) and
	 * one write: after a successful call, the tool's use and its capabilities' use; for a
	 * deferred tool the session has not loaded, its activation and its capabilities' use
	 * before it runs, so that it stays active even if the call fails. The session's store
	 * may be unreachable; the tool still runs (its result is what the user asked for),
	 * and the bookkeeping catches up once the store is back.
	 */
	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		Optional<ToolSession> session = LazyMcpRequest.session(toolContext);
		SessionState state = session.isPresent() ? stateOf(session.get()) : null;
		String instead = insteadOfRunning(session, state);
		if (instead != null) {
			return instead;
		}
		boolean recorded = false;
		if (session.isPresent() && notLoaded(state)) {
			activate(session.get());
			recorded = true;
		}
		requireJsonObject(toolInput);
		Learning.Call call = this.calls.learning().begin(this.tool.name());
		OwnerRoutedCallback.Outcome outcome;
		try {
			outcome = this.calls.observations()
				.call(this.tool.server(), () -> execute(toolInput, LazyMcpRequest.forServer(toolContext),
						session.map(ToolSession::owner).orElse(null)));
		}
		catch (RuntimeException ex) {
			call.failed();
			throw ex;
		}
		// A call answered for one user alone (their token refused, a tool their
		// connection does not list) says nothing about the tool: its priors, which rank
		// it for every identity, do not count it. A per-user server's tool learns nothing
		// from the user's words either: they would rank tools for every other identity
		// that sees it.
		if (outcome.ran()) {
			String request = (this.tool.callback() instanceof OwnerRoutedCallback) ? null
					: LazyMcpRequest.turnRequest(toolContext).orElse(null);
			call.succeeded(request, session.map(ToolSession::id).orElse(null));
		}
		String result = outcome.result();
		if (session.isPresent() && !recorded) {
			touch(session.get());
		}
		this.calls.listeners().toolSucceeded(session.orElse(null), this.tool);
		return result;
	}

	/**
	 * What the model gets instead of a run, or null to run the tool: the tool is hidden
	 * from the session, its server is not up, or it is not loaded and calls of tools that
	 * are not loaded are answered with a hint.
	 */
	private @Nullable String insteadOfRunning(Optional<ToolSession> session, @Nullable SessionState state) {
		if (session.isPresent()) {
			// Filters decide even while the store is down: they see an empty state then.
			String hidden = this.calls.filters().hidden(session.get(), (state != null) ? state : EMPTY, this.tool);
			if (hidden != null) {
				return "Error: tool '%s' is not available (%s). Call %s to find the tools that can do this."
					.formatted(this.tool.name(), hidden, ModelToolNames.TOOL_SEARCH);
			}
		}
		String refused = refusedWhileServerIsNotUp();
		if (refused != null) {
			return refused;
		}
		if (notLoaded(state) && this.calls.deferredCall() == ToolSettings.DeferredCall.HINT) {
			return "Tool '%s' is not loaded. Call %s with {\"names\": [\"%s\"]} first, then call it again."
				.formatted(this.tool.name(), ModelToolNames.TOOL_SEARCH, this.tool.name());
		}
		return null;
	}

	/** Whether the tool is deferred and the session, read, has not loaded it. */
	private boolean notLoaded(@Nullable SessionState state) {
		return this.deferred && state != null && !state.tools().contains(this.tool.name());
	}

	/**
	 * A server that is down or reconnecting cannot run the call: the model is told at
	 * once which server, why and what to do, and nothing reaches the server (its client
	 * may be one whose process has ended). The session is left as it was: the tool is
	 * neither activated nor touched, and its priors do not count a failure it did not
	 * have.
	 */
	private @Nullable String refusedWhileServerIsNotUp() {
		String server = this.tool.server();
		ServerHealth health = this.calls.catalog().snapshot().health(server);
		if (health.available()) {
			return null;
		}
		this.calls.stats().refused(server);
		return "Error: tool '%s' was not run. %s.".formatted(this.tool.name(), health.unavailableMessage(server));
	}

	/** The state, or null while the store cannot be read. */
	private static @Nullable SessionState stateOf(ToolSession session) {
		try {
			return session.state();
		}
		catch (SessionStoreException ex) {
			return null;
		}
	}

	private void activate(ToolSession session) {
		try {
			session.activateForCall(this.tool.name(), this.calls.owners().of(this.tool));
		}
		catch (SessionStoreException ex) {
			// runs without being activated
		}
	}

	private void touch(ToolSession session) {
		try {
			session.touch(this.tool.name(), this.calls.owners().of(this.tool));
		}
		catch (SessionStoreException ex) {
			// the use is not recorded
		}
	}

	/**
	 * Runs the call; a per-user server's tool on the connection of the identity the call
	 * acts for.
	 */
	private OwnerRoutedCallback.Outcome execute(String toolInput, @Nullable ToolContext toolContext,
			@Nullable String owner) {
		try {
			return (this.tool.callback() instanceof OwnerRoutedCallback routed)
					? routed.run(toolInput, toolContext, owner)
					: new OwnerRoutedCallback.Outcome(this.tool.callback().call(toolInput, toolContext), true);
		}
		catch (ToolExecutionException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			// A dead or misbehaving server must not end the chat: the model gets the
			// error.
			throw new ToolExecutionException(getToolDefinition(), ex);
		}
	}

	private void requireJsonObject(@Nullable String toolInput) {
		if (toolInput == null || toolInput.isBlank()) {
			return;
		}
		try {
			if (JsonMapper.shared().readTree(toolInput).isObject()) {
				return;
			}
		}
		catch (JacksonException ex) {
			// reported below
		}
		throw new ToolExecutionException(getToolDefinition(),
				new IllegalArgumentException(
						"The arguments for '%s' are not a JSON object; send them as described by its input schema"
							.formatted(this.tool.name())));
	}

}
