package io.github.lazymcp.benchmarks.soak.judge;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

import io.github.lazymcp.benchmarks.soak.fleet.ResourceSample;
import org.jspecify.annotations.Nullable;

/**
 * One app instance over the run: its samples at the start (after warm-up, no turn in
 * flight), the middle (under load) and the end (no turn in flight), and what lazy-mcp
 * counted.
 *
 * @param name {@code a} or {@code b}
 * @param restarted whether it was restarted during the run (its end is a new JVM)
 * @param heapMbStart heap after a full collection at the start, in MiB
 * @param heapMbMiddle the same in the middle
 * @param heapMbEnd the same at the end
 * @param heapGrowthPercent from start to end, or null when a sample lacks it
 * @param threadsStart the process's threads at the start
 * @param threadsEnd at the end
 * @param fdStart open file descriptors at the start
 * @param fdEnd at the end
 * @param childProcessesStart child processes at the start
 * @param childProcessesEnd at the end
 * @param unexplainedChildProcesses child processes at the end that are neither a
 * configured stdio server nor a connection lazy-mcp reports open of a capability server
 * started by a command; -1 when the instance could not be sampled at the start or the end
 * (every figure derived from both samples is -1 then)
 * @param childCommandsEnd the command lines of the children at the end
 * @param threadPoolsGrown Java thread pools with more threads at the end than at the
 * start, with the growth
 * @param unexplainedThreads threads more at the end than at the start beyond what the
 * extra stdio server processes and the per-user server's connections explain (see
 * {@link #unexplainedThreads})
 * @param threadPoolsUnexplained the pools whose growth is not explained, with the threads
 * beyond what is
 * @param unexplainedFileDescriptors descriptors more at the end than at the start beyond
 * the three pipes of each extra stdio server process
 * @param embeddingCacheVectorsStart vectors in the in-memory embedding cache at the start
 * @param embeddingCacheVectorsEnd at the end
 * @param lazyMcp lazy-mcp's own counters at the end ({@code searches},
 * {@code activations}, {@code evictions}, {@code sessions})
 * @param httpClientsStart each live selector thread of a JDK HTTP client at the start,
 * with whether its client is reachable, its pending operations and what holds it
 * @param httpClientsEnd the same at the end
 * @param perUserConnectionsStart connections of the per-user server open at the start,
 * one per identity, -1 when unknown
 * @param perUserConnectionsEnd at the end
 */
public record InstanceReport(String name, boolean restarted, double heapMbStart, double heapMbMiddle, double heapMbEnd,
		@Nullable Double heapGrowthPercent, int threadsStart, int threadsEnd, int fdStart, int fdEnd,
		int childProcessesStart, int childProcessesEnd, int unexplainedChildProcesses, List<String> childCommandsEnd,
		Map<String, Integer> threadPoolsGrown, int unexplainedThreads, Map<String, Integer> threadPoolsUnexplained,
		int unexplainedFileDescriptors, long embeddingCacheVectorsStart, long embeddingCacheVectorsEnd,
		Map<String, Long> lazyMcp, List<String> httpClientsStart, List<String> httpClientsEnd,
		int perUserConnectionsStart, int perUserConnectionsEnd) {

	/** Stdio servers each instance is configured with. */
	public static final int CONFIGURED_STDIO_SERVERS = 2;

	/**
	 * The pool of the MCP SDK's stdio transport: three single-thread executors per
	 * connection (reading, writing, reading standard error), named by
	 * {@code Executors.defaultThreadFactory()}.
	 */
	static final String STDIO_POOL = "pool-#-thread-#";

	/** The selector thread of the JDK's HTTP client, one per client still referenced. */
	public static final String HTTP_SELECTOR = "HttpClient-#-SelectorManager";

	/**
	 * HTTP servers each instance is configured with (Streamable HTTP and SSE) that the
	 * fault plan kills. Once lazy-mcp has reconnected one, Spring AI's first client for
	 * it, closed, stays referenced by Spring AI's client list bean for the application's
	 * life, and with it its HTTP client and that client's selector thread, beside the new
	 * client's: at most one selector thread more per HTTP connection, however often it is
	 * reconnected. The fault plan reconnects each HTTP connection at least twice (kills
	 * it twice) even in a 2-minute run, so a thread left behind by every reconnect
	 * exceeds this allowance.
	 */
	public static final int CONFIGURED_HTTP_SERVERS = 2;

	/** The JDK's thread that waits for a child process, one per live process. */
	static final String PROCESS_REAPER = "process reaper (pid #)";

	/**
	 * Pools that grow with load up to a fixed bound and retire idle threads on their own
	 * schedule (Reactor's elastic scheduler after 60 s and a sweep, the JDK's HTTP client
	 * and common pool, idle process reapers, OkHttp's task runner): their growth is
	 * reported but is no leak.
	 */
	static final Set<String> ELASTIC = Set.of("boundedElastic-#", "HttpClient-#-Worker-#",
			"ForkJoinPool.commonPool-worker-#", "process reaper", "OkHttp TaskRunner");

	public static InstanceReport of(String name, boolean restarted, ResourceSample start, ResourceSample middle,
			ResourceSample end, Map<String, Long> lazyMcp) {
		Map<String, Integer> grown = new TreeMap<>();
		end.threadGroups().forEach((group, count) -> {
			int before = start.threadGroups().getOrDefault(group, 0);
			if (count > before) {
				grown.put(group, count - before);
			}
		});
		int expected = CONFIGURED_STDIO_SERVERS + end.connectedCapabilityServers();
		boolean measured = start.complete() && end.complete();
		int moreChildren = end.children() - start.children();
		int moreDescriptors = end.fileDescriptors() - start.fileDescriptors() - 3 * Math.max(0, moreChildren);
		int morePerUserConnections = (start.perUserConnections() < 0 || end.perUserConnections() < 0) ? 0
				: end.perUserConnections() - start.perUserConnections();
		Map<String, Integer> unexplained = unexplainedThreads(grown, moreChildren, morePerUserConnections);
		return new InstanceReport(name, restarted, start.heapMegabytes(), middle.heapMegabytes(), end.heapMegabytes(),
				measured ? growth(start.heapBytes(), end.heapBytes()) : null, start.threads(), end.threads(),
				start.fileDescriptors(), end.fileDescriptors(), start.children(), end.children(),
				measured ? Math.max(0, end.children() - expected) : -1, end.childCommands(), grown,
				measured ? unexplained.values().stream().mapToInt(Integer::intValue).sum() : -1,
				measured ? unexplained : Map.of(), measured ? Math.max(0, moreDescriptors) : -1,
				start.embeddingCacheVectors(), end.embeddingCacheVectors(), lazyMcp, start.httpClients(),
				end.httpClients(), start.perUserConnections(), end.perUserConnections());
	}

	/**
	 * The pools whose growth from the start to the end is not explained, with the threads
	 * beyond what is: every pool's growth but the {@link #ELASTIC} ones', less three
	 * stdio transport threads and one reaper for each child process more than at the
	 * start (a capability server connected since, which a conversation still holds), and
	 * less HTTP selector threads: one per HTTP connection the fault plan kills (see
	 * {@link #CONFIGURED_HTTP_SERVERS}) and one per identity's connection of the per-user
	 * server opened since the start (a user whose conversations first enabled it during
	 * the load; lazy-mcp keeps it open, idle, for the idle timeout).
	 */
	static Map<String, Integer> unexplainedThreads(Map<String, Integer> grown, int moreChildren,
			int morePerUserConnections) {
		int allowance = Math.max(0, moreChildren);
		Map<String, Integer> unexplained = new TreeMap<>();
		for (Map.Entry<String, Integer> pool : grown.entrySet()) {
			int allowed = switch (pool.getKey()) {
				case STDIO_POOL -> 3 * allowance;
				case PROCESS_REAPER -> allowance;
				case HTTP_SELECTOR -> CONFIGURED_HTTP_SERVERS + Math.max(0, morePerUserConnections);
				default -> ELASTIC.contains(pool.getKey()) ? pool.getValue() : 0;
			};
			if (pool.getValue() > allowed) {
				unexplained.put(pool.getKey(), pool.getValue() - allowed);
			}
		}
		return unexplained;
	}

	/**
	 * The sum of a figure over instances.
	 * @param instances the instances
	 * @param figure the figure
	 * @return the sum; -1 when one of them is -1 (not measured)
	 */
	public static int sum(List<InstanceReport> instances, ToIntFunction<InstanceReport> figure) {
		int sum = 0;
		for (InstanceReport instance : instances) {
			int value = figure.applyAsInt(instance);
			if (value < 0) {
				return -1;
			}
			sum += value;
		}
		return sum;
	}

	/**
	 * The largest heap growth among instances that ran the whole time (all, if none did).
	 * @param instances the instances
	 * @return the growth in percent, or null when one of them could not be measured
	 */
	public static @Nullable Double heapGrowth(List<InstanceReport> instances) {
		List<InstanceReport> whole = instances.stream().filter((instance) -> !instance.restarted()).toList();
		List<InstanceReport> judged = whole.isEmpty() ? instances : whole;
		if (judged.stream().anyMatch((instance) -> instance.heapGrowthPercent() == null)) {
			return null;
		}
		return judged.stream().mapToDouble(InstanceReport::heapGrowthPercent).max().orElse(0);
	}

	static double growth(long start, long end) {
		if (start <= 0 || end < 0) {
			return 0;
		}
		return Math.round((end - start) * 1000.0 / start) / 10.0;
	}

}
