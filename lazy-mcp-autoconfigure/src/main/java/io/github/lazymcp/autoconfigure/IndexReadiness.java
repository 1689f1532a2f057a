package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.lazymcp.LazyMcp;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;

/**
 * Holds the application's readiness back until no search has to wait for an index: always
 * until the servers' tools are listed and their BM25 index is built (a fraction of a
 * second at 10,000 tools), for at most {@link #SEARCHABLE_WAIT}; with
 * {@code tools.lazy-mcp.search.readiness-wait}, also until the full index (embeddings
 * included) is built, for at most that long. Spring Boot reports readiness as refusing
 * traffic until its runners have returned; the web server, liveness and searches
 * (answered by BM25 meanwhile) are not held. Past a wait, the application becomes ready
 * and a warning says so.
 */
final class IndexReadiness implements ApplicationRunner {

	/** The longest startup waits for the BM25 index, listing the servers included. */
	static final Duration SEARCHABLE_WAIT = Duration.ofMinutes(1);

	private static final Log logger = LogFactory.getLog(IndexReadiness.class);

	private final LazyMcp lazyMcp;

	private final Duration wait;

	IndexReadiness(LazyMcp lazyMcp, Duration wait) {
		this.lazyMcp = lazyMcp;
		this.wait = wait;
	}

	@Override
	public void run(ApplicationArguments args) throws InterruptedException {
		if (!waitFor(this.lazyMcp.searchable(), SEARCHABLE_WAIT)) {
			logger.warn(("The MCP servers' tools were not listed and indexed within %s; the application accepts "
					+ "traffic, and the first searches build their index")
				.formatted(SEARCHABLE_WAIT));
			return;
		}
		if (!this.wait.isZero() && !waitFor(this.lazyMcp.indexed(), this.wait)) {
			logger.warn(("The search index was not built within %s (%s.search.readiness-wait); the application "
					+ "accepts traffic and BM25 answers searches until it is")
				.formatted(this.wait, LazyMcpProperties.PREFIX));
		}
	}

	private static boolean waitFor(CompletableFuture<Void> done, Duration wait) throws InterruptedException {
		try {
			done.get(wait.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
		catch (ExecutionException ex) {
			// Neither future completes exceptionally; a failed build is logged where it
			// failed.
			return false;
		}
	}

}
