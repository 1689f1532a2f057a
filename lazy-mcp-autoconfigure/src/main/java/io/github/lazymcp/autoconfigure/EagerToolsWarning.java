package io.github.lazymcp.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * Warns once the application has started when the MCP tools sent on every model request
 * number more than OpenAI accepts in one request (128): tools pinned by configuration, or
 * every tool while the catalog stays below the deferral thresholds. The warning names the
 * properties that fix it. Runs after startup so that listing the servers' tools does not
 * delay the context.
 */
final class EagerToolsWarning implements ApplicationListener<ApplicationReadyEvent> {

	private static final Log logger = LogFactory.getLog(EagerToolsWarning.class);

	private final LazyMcp lazyMcp;

	private final CatalogSettings settings;

	EagerToolsWarning(LazyMcp lazyMcp, CatalogSettings settings) {
		this.lazyMcp = lazyMcp;
		this.settings = settings;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		warning(this.lazyMcp.catalog(), this.settings).ifPresent(logger::warn);
	}

	/**
	 * The warning for a catalog snapshot.
	 * @param snapshot the catalog
	 * @param settings the thresholds it was built with
	 * @return the warning, or empty when every request stays within the limit
	 */
	static Optional<String> warning(CatalogSnapshot snapshot, CatalogSettings settings) {
		List<CatalogTool> eager = snapshot.eager();
		// ToolSearch goes with them while anything is deferred.
		int sent = eager.size() + (snapshot.deferring() ? 1 : 0);
		if (sent <= CatalogSettings.OPENAI_TOOL_LIMIT) {
			return Optional.empty();
		}
		Map<String, Integer> pinnedByServer = new LinkedHashMap<>();
		eager.stream()
			.filter(CatalogTool::pinned)
			.forEach((tool) -> pinnedByServer.merge(tool.server(), 1, Integer::sum));
		int pinned = pinnedByServer.values().stream().mapToInt(Integer::intValue).sum();
		List<String> causes = new ArrayList<>();
		List<String> fixes = new ArrayList<>();
		if (pinned > 0) {
			List<String> servers = pinnedByServer.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + " (" + entry.getValue() + ")")
				.toList();
			causes.add("%d are pinned, by server: %s".formatted(pinned, String.join(", ", servers)));
			fixes.add("set %s.servers.<name>.lazy=true or pin fewer tools with %s.servers.<name>.pinned"
				.formatted(LazyMcpProperties.PREFIX, LazyMcpProperties.PREFIX));
		}
		int belowThreshold = eager.size() - pinned;
		if (belowThreshold > 0) {
			causes.add(("%d are not deferred because the catalog is below the deferral thresholds "
					+ "(%s.threshold.tools=%s, %s.threshold.tokens=%d)")
				.formatted(belowThreshold, LazyMcpProperties.PREFIX,
						(settings.deferToolsAbove() == CatalogSettings.NO_TOOL_GATE) ? "unset, no limit for Anthropic"
								: settings.deferToolsAbove(),
						LazyMcpProperties.PREFIX, settings.deferTokensAbove()));
			fixes.add("lower %s.threshold.tools below %d so that they are deferred behind ToolSearch"
				.formatted(LazyMcpProperties.PREFIX, belowThreshold));
		}
		return Optional.of(("Every model request carries %d tools, more than the %d that OpenAI accepts in one "
				+ "request (other providers choose worse with that many): %s. To fix it, %s.")
			.formatted(sent, CatalogSettings.OPENAI_TOOL_LIMIT, String.join("; ", causes),
					String.join(", or ", fixes)));
	}

}
