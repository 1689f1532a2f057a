package io.github.lazymcp.benchmarks.soak.app;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;

import io.github.lazymcp.LazyMcp;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/**
 * {@code GET /actuator/soak}: what the harness cannot see from outside the JVM. Runs full
 * garbage collections first, so that the heap figure is what stays reachable.
 */
@Component
@Endpoint(id = "soak")
class SoakEndpoint {

	private final LazyMcp lazyMcp;

	SoakEndpoint(LazyMcp lazyMcp) {
		this.lazyMcp = lazyMcp;
	}

	@ReadOperation
	Sample sample() throws InterruptedException {
		// A second collection after a pause: threads whose owners the first one freed
		// are gone by then (the JDK's HTTP client stops its selector thread when the
		// client is collected).
		System.gc();
		Thread.sleep(2000);
		System.gc();
		long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
		Map<String, Integer> threads = new TreeMap<>();
		Thread.getAllStackTraces()
			.keySet()
			.forEach((thread) -> threads.merge(ThreadGroups.of(thread.getName()), 1, Integer::sum));
		return new Sample(heap, threads, EmbeddingCacheProbe.vectors(this.lazyMcp));
	}

	/**
	 * One sample.
	 *
	 * @param heapUsedAfterGc bytes of heap in use after a full collection
	 * @param threads live Java threads by name, numbers replaced by {@code #}
	 * @param embeddingCacheVectors vectors in lazy-mcp's in-memory embedding cache, or -1
	 * when it could not be found
	 */
	record Sample(long heapUsedAfterGc, Map<String, Integer> threads, long embeddingCacheVectors) {
	}

}
