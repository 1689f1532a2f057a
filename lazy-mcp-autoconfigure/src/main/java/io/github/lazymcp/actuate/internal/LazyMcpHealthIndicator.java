package io.github.lazymcp.actuate.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The {@code lazyMcp} component of {@code /actuator/health}: each MCP server's status,
 * and DOWN only when every server with deferred tools is unavailable. One dead server out
 * of several is degraded service, not a dead application: a load balancer that took the
 * instance out of rotation for it would take every other tool away too. The details name
 * the servers that are down, the state of the search index, and the ranking that answers
 * searches: when dense search is off (no embedding model, or embedding fails), BM25
 * answers and the details say why, but the status stays UP, since every tool can still be
 * found by its words.
 */
public final class LazyMcpHealthIndicator implements HealthIndicator {

	private final LazyMcp lazyMcp;

	/**
	 * Creates the indicator.
	 * @param lazyMcp whose catalog it reports
	 */
	public LazyMcpHealthIndicator(LazyMcp lazyMcp) {
		this.lazyMcp = lazyMcp;
	}

	@Override
	public Health health() {
		CatalogSnapshot snapshot = this.lazyMcp.catalog();
		Map<String, Object> servers = new LinkedHashMap<>();
		snapshot.servers().forEach((server) -> servers.put(server.name(), details(server)));
		List<String> deferred = snapshot.deferredServers();
		boolean allDown = !deferred.isEmpty() && snapshot.unavailableServers().size() == deferred.size();
		LazyMcpOperations operations = this.lazyMcp.operations();
		return (allDown ? Health.down() : Health.up()).withDetail("servers", servers)
			.withDetail("index", operations.indexState())
			.withDetail("ranker", details(operations.ranker()))
			.build();
	}

	private static Map<String, Object> details(LazyMcpOperations.Ranker ranker) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("configured", ranker.configured());
		details.put("answering", ranker.answering());
		if (ranker.reason() != null) {
			details.put("reason", ranker.reason());
		}
		return details;
	}

	private static Map<String, Object> details(ServerState server) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("status", server.health().status().name());
		if (server.health().lastError() != null) {
			details.put("lastError", server.health().lastError());
		}
		if (server.health().since() != null) {
			details.put("since", String.valueOf(server.health().since()));
		}
		details.put("tools", server.tools().size());
		return details;
	}

}
