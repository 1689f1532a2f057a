package io.github.lazymcp;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.CatalogReport;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.UserTurn;
import io.github.lazymcp.tool.internal.ToolCallbacks;
import io.github.lazymcp.tool.internal.ToolSearchService;
import io.github.lazymcp.tool.internal.UsageStats;
import io.github.lazymcp.tool.internal.WireView;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * Test fixtures, not API: what the product's tests and the benchmarks reach inside a
 * {@link LazyMcp} beyond {@link LazyMcp#operations()}. Shipped in the
 * {@code lazy-mcp-autoconfigure} test-fixtures jar; every method but {@link #parts} takes
 * and returns public types only, so that the benchmarks never name an internal type.
 */
public final class LazyMcpFixtures {

	private LazyMcpFixtures() {
	}

	/**
	 * Starts a user turn as the session advisor does: every listener (the application's,
	 * proactive attach, capability auto-activation) is told, with the session's state.
	 * @param lazyMcp the instance
	 * @param session the conversation's session
	 * @param turn the turn
	 */
	public static void turnStarted(LazyMcp lazyMcp, ToolSession session, UserTurn turn) {
		lazyMcp.assembly().listeners().turnStarted(session, session.state(), turn);
	}

	/**
	 * The callback that runs for a name, as the tool-calling manager finds it: ToolSearch
	 * (found even when nothing is deferred), CallTool, a model tool or a catalog tool.
	 * @param lazyMcp the instance
	 * @param name the name the model called
	 * @return the callback, or empty when lazy-mcp has no such tool now
	 */
	public static Optional<ToolCallback> callback(LazyMcp lazyMcp, String name) {
		return lazyMcp.assembly().callbacks().find(name);
	}

	/**
	 * What the wire advisor sends the model at one step of a session, over every callback
	 * lazy-mcp runs (read once, now).
	 * @param lazyMcp the instance
	 * @return the tools the model sees at a step of the given session
	 */
	public static Function<ToolSession, List<ToolCallback>> wireStep(LazyMcp lazyMcp) {
		WireView wire = lazyMcp.assembly().wire();
		List<ToolCallback> all = lazyMcp.assembly().callbacks().all();
		return (session) -> wire.step(session, all).orElseThrow().tools();
	}

	/**
	 * Teaches the instance's learning as successful and failed tool calls do.
	 * @param lazyMcp the instance
	 * @return the teacher
	 */
	public static Teacher teacher(LazyMcp lazyMcp) {
		return new Teacher(lazyMcp.assembly().learning());
	}

	/**
	 * Rebuilds the search index with what was learned, in the background, as the periodic
	 * cleanup does; {@link LazyMcpOperations#learnedUses()} tells when it voted.
	 * @param lazyMcp the instance
	 */
	public static void relearn(LazyMcp lazyMcp) {
		lazyMcp.assembly().search().relearn();
	}

	/**
	 * How many threads the scheduler lazy-mcp makes for itself has, when it is given
	 * none: for a scheduler given in its place that keeps the same concurrency.
	 * @return the thread count
	 */
	public static int backgroundThreads() {
		return Background.THREADS;
	}

	/**
	 * The window's record of a catalog report the search made.
	 * @param report the report
	 * @return the record, as {@code /actuator/mcpcatalog} shows it
	 */
	public static LazyMcpOperations.CatalogReport catalogReport(CatalogReport report) {
		return OperationsRecords.catalogReport(report);
	}

	/**
	 * The internal parts the product's own tests inspect. Not for the benchmarks: these
	 * are internal types.
	 * @param lazyMcp the instance
	 * @return its parts
	 */
	public static Parts parts(LazyMcp lazyMcp) {
		Assembly assembly = lazyMcp.assembly();
		return new Parts(assembly.catalog(), assembly.stats(), assembly.capabilities(), assembly.pool(),
				assembly.learning(), assembly.search(), assembly.callbacks(), assembly.wire(), assembly.ranker(),
				assembly.router(), assembly.listeners(), assembly.supervisor(), assembly.scheduler());
	}

	/**
	 * The internal parts of one instance.
	 *
	 * @param catalog the catalog
	 * @param stats the usage counters
	 * @param capabilities the capability manager
	 * @param pool the pool of capability servers
	 * @param learning what is learned from use
	 * @param search the search service
	 * @param callbacks every callback lazy-mcp runs
	 * @param wire what the model sees at a step
	 * @param ranker the ranker searches use
	 * @param router the capability router
	 * @param listeners every listener as one
	 * @param supervisor the supervisor of the servers
	 * @param scheduler the scheduler background work runs on
	 */
	public record Parts(McpCatalog catalog, UsageStats stats, CapabilityManager capabilities, ServerPool pool,
			Learning learning, ToolSearchService search, ToolCallbacks callbacks, WireView wire, ToolRanker ranker,
			CapabilityRouter router, LazyMcpListener listeners, ServerSupervisor supervisor,
			ScheduledExecutorService scheduler) {

	}

	/**
	 * Teaches learning as calls do: a success records the request as a use of the tool, a
	 * failure counts against the tool's success rate.
	 */
	public static final class Teacher {

		private final Learning learning;

		private Teacher(Learning learning) {
			this.learning = learning;
		}

		/**
		 * A successful call of a tool, made to answer a request.
		 * @param tool the qualified tool name
		 * @param request the user's request, or null for none
		 */
		public void succeeded(String tool, @Nullable String request) {
			this.learning.begin(tool).succeeded(request, null);
		}

		/**
		 * A successful call of a tool in a conversation, made to answer a request.
		 * @param tool the qualified tool name
		 * @param request the user's request
		 * @param conversation the conversation's id
		 */
		public void succeeded(String tool, String request, String conversation) {
			this.learning.begin(tool).succeeded(request, conversation);
		}

		/**
		 * A failed call of a tool.
		 * @param tool the qualified tool name
		 */
		public void failed(String tool) {
			this.learning.begin(tool).failed();
		}

		/**
		 * How many uses the store holds now, read again.
		 * @return the count over every tool
		 */
		public int uses() {
			return this.learning.reload().uses().values().stream().mapToInt(List::size).sum();
		}

	}

}
