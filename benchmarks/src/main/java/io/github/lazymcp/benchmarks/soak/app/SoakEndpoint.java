package io.github.lazymcp.benchmarks.soak.app;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.lazymcp.LazyMcp;
import io.modelcontextprotocol.client.McpSyncClient;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.core.ResolvableType;
import org.springframework.stereotype.Component;

/**
 * {@code GET /actuator/soak}: what the harness cannot see from outside the JVM. Runs full
 * garbage collections first, so that the heap figure is what stays reachable.
 */
@Component
@Endpoint(id = "soak")
class SoakEndpoint {

	private static final long EXIT_PAUSE_MILLIS = 5000;

	private final LazyMcp lazyMcp;

	private final ListableBeanFactory beans;

	SoakEndpoint(LazyMcp lazyMcp, ListableBeanFactory beans) {
		this.lazyMcp = lazyMcp;
		this.beans = beans;
	}

	@ReadOperation
	Sample sample() throws InterruptedException {
		// A second collection after a pause, and threads counted after another: a thread
		// whose owner a collection freed ends on its own schedule. The JDK's HTTP client
		// stops its selector thread when it finds its client collected, which it looks at
		// every 3 s; counted 2 s after the collections, a client dropped by a reconnect
		// still showed its thread.
		System.gc();
		Thread.sleep(EXIT_PAUSE_MILLIS);
		System.gc();
		long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
		Thread.sleep(EXIT_PAUSE_MILLIS);
		Map<String, Integer> threads = new TreeMap<>();
		Thread.getAllStackTraces()
			.keySet()
			.forEach((thread) -> threads.merge(ThreadGroups.of(thread.getName()), 1, Integer::sum));
		return new Sample(heap, threads, EmbeddingCacheProbe.vectors(this.lazyMcp), HttpClients.describe(roots()));
	}

	/** Spring AI's client lists and lazy-mcp, for {@link HttpClients}. */
	private Map<String, Object> roots() {
		Map<String, Object> roots = new LinkedHashMap<>();
		for (String name : this.beans
			.getBeanNamesForType(ResolvableType.forClassWithGenerics(List.class, McpSyncClient.class))) {
			roots.put("Spring AI's " + name, this.beans.getBean(name));
		}
		roots.put("lazy-mcp", this.lazyMcp);
		return roots;
	}

	/**
	 * One sample.
	 *
	 * @param heapUsedAfterGc bytes of heap in use after a full collection
	 * @param threads live Java threads by name, numbers replaced by {@code #}
	 * @param embeddingCacheVectors vectors in lazy-mcp's in-memory embedding cache, or -1
	 * when it could not be found
	 * @param httpClients each live selector thread of a JDK HTTP client, with why it
	 * lives ({@link HttpClients})
	 */
	record Sample(long heapUsedAfterGc, Map<String, Integer> threads, long embeddingCacheVectors,
			List<String> httpClients) {
	}

}
