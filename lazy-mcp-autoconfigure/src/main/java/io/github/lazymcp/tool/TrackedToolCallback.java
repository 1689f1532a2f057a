package io.github.lazymcp.tool;

import java.time.Instant;
import java.util.Optional;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.Learning;
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
 * an error result for the model. The session never reaches the server.
 */
final class TrackedToolCallback implements ToolCallback {

	private final CatalogTool tool;

	private final boolean deferred;

	private final ToolSettings.DeferredCall policy;

	private final ToolSearchService activations;

	private final LazyMcpListener listener;

	private final ToolFilter access;

	private final ToolObservations observations;

	private final Learning learning;

	TrackedToolCallback(CatalogTool tool, boolean deferred, ToolSettings.DeferredCall policy,
			ToolSearchService activations, LazyMcpListener listener, ToolFilter access, ToolObservations observations,
			Learning learning) {
		this.observations = observations;
		this.learning = learning;
		this.tool = tool;
		this.deferred = deferred;
		this.policy = policy;
		this.activations = activations;
		this.listener = listener;
		this.access = access;
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

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		Optional<ToolSession> session = LazyMcpRequest.session(toolContext);
		String hidden = session.map((caller) -> this.access.hidden(caller, stateOf(caller), this.tool)).orElse(null);
		if (hidden != null) {
			return "Error: tool '%s' is not available (%s). Call %s to find the tools that can do this."
				.formatted(this.tool.name(), hidden, ToolSearch.NAME);
		}
		if (this.deferred && session.isPresent() && !isActive(session.get())) {
			if (this.policy == ToolSettings.DeferredCall.HINT) {
				return "Tool '%s' is not loaded. Call %s with {\"names\": [\"%s\"]} first, then call it again."
					.formatted(this.tool.name(), ToolSearch.NAME, this.tool.name());
			}
			activate(session.get());
		}
		requireJsonObject(toolInput);
		Learning.Call call = this.learning.begin(this.tool.name());
		String result;
		try {
			result = this.observations.call(this.tool.server(),
					() -> execute(toolInput, LazyMcpRequest.forServer(toolContext)));
		}
		catch (RuntimeException ex) {
			call.failed();
			throw ex;
		}
		call.succeeded(LazyMcpRequest.turnRequest(toolContext).orElse(null));
		session.ifPresent(this::touch);
		this.listener.toolSucceeded(session.orElse(null), this.tool);
		return result;
	}

	/*
	 * The session's store may be unreachable; the tool still runs (its result is what the
	 * user asked for), and the session's bookkeeping catches up once the store is back.
	 */

	private SessionState stateOf(ToolSession session) {
		try {
			return session.state();
		}
		catch (SessionStoreException ex) {
			return SessionState.start(ActivationSet.empty(), null, Instant.EPOCH);
		}
	}

	private boolean isActive(ToolSession session) {
		try {
			return session.snapshot().contains(this.tool.name());
		}
		catch (SessionStoreException ex) {
			return true;
		}
	}

	private void activate(ToolSession session) {
		try {
			this.activations.activateCalled(session, this.tool.name());
		}
		catch (SessionStoreException ex) {
			// runs without being activated
		}
	}

	private void touch(ToolSession session) {
		try {
			session.touch(this.tool.name());
		}
		catch (SessionStoreException ex) {
			// the use is not recorded
		}
	}

	private String execute(String toolInput, @Nullable ToolContext toolContext) {
		try {
			return this.tool.callback().call(toolInput, toolContext);
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
