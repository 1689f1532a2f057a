package io.github.lazymcp.tool.internal;

import java.util.function.Function;
import java.util.function.Supplier;

import io.github.lazymcp.activation.ActivationListener;
import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.catalog.internal.OwnerRoutedCallback;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Micrometer {@link Observation}s of lazy-mcp's tool path: ToolSearch
 * ({@code lazy.mcp.tool.search}), MCP tool calls ({@code lazy.mcp.tool.call}) and changes
 * of sessions' active tools ({@code lazy.mcp.activation}). Tags are low-cardinality only
 * (server, outcome); no user text, no tool arguments, no session id.
 */
public final class ToolObservations implements ActivationListener {

	/** Observes nothing. */
	public static final ToolObservations NOOP = new ToolObservations(ObservationRegistry.NOOP);

	private final ObservationRegistry registry;

	/**
	 * Creates the observations.
	 * @param registry where observations go
	 */
	public ToolObservations(ObservationRegistry registry) {
		this.registry = registry;
	}

	/**
	 * Observes one ToolSearch.
	 * @param search runs it
	 * @return its result
	 */
	SearchResult search(Supplier<SearchResult> search) {
		return observe("lazy.mcp.tool.search", null, search, (result) -> {
			if (result.failed()) {
				return "error";
			}
			if (!result.foundAny()) {
				return "nothing-found";
			}
			return result.loadedNothing() ? "already-loaded" : "found";
		});
	}

	/**
	 * Observes one call of an MCP tool; an exception, or a call a per-user server did not
	 * run for its user (a token refused, a tool their connection does not list), is the
	 * outcome {@code error}.
	 * @param server the tool's server
	 * @param call runs it
	 * @return its outcome
	 */
	OwnerRoutedCallback.Outcome call(String server, Supplier<OwnerRoutedCallback.Outcome> call) {
		return observe("lazy.mcp.tool.call", server, call, (outcome) -> outcome.ran() ? "success" : "error");
	}

	@Override
	public void activated(String session, ActivationResult result) {
		Observation.createNotStarted("lazy.mcp.activation", this.registry)
			.lowCardinalityKeyValue("evicted", String.valueOf(!result.evicted().isEmpty()))
			.observe(() -> {
			});
	}

	private <T> T observe(String name, @Nullable String server, Supplier<T> work, Function<T, String> outcome) {
		Observation observation = Observation.createNotStarted(name, this.registry);
		if (server != null) {
			observation.lowCardinalityKeyValue("server", server);
		}
		observation.start();
		try (Observation.Scope scope = observation.openScope()) {
			T result = work.get();
			observation.lowCardinalityKeyValue("outcome", outcome.apply(result));
			return result;
		}
		catch (RuntimeException ex) {
			observation.lowCardinalityKeyValue("outcome", "error");
			observation.error(ex);
			throw ex;
		}
		finally {
			observation.stop();
		}
	}

}
