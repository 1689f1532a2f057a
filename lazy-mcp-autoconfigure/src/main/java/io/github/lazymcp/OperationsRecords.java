package io.github.lazymcp;

import io.github.lazymcp.LazyMcpOperations.AutoActivation;
import io.github.lazymcp.LazyMcpOperations.CalledWithoutSearch;
import io.github.lazymcp.LazyMcpOperations.Capabilities;
import io.github.lazymcp.LazyMcpOperations.Capability;
import io.github.lazymcp.LazyMcpOperations.CapabilityServer;
import io.github.lazymcp.LazyMcpOperations.CatalogReport;
import io.github.lazymcp.LazyMcpOperations.Confusable;
import io.github.lazymcp.LazyMcpOperations.Counters;
import io.github.lazymcp.LazyMcpOperations.Decision;
import io.github.lazymcp.LazyMcpOperations.FoundNeverCalled;
import io.github.lazymcp.LazyMcpOperations.NotFound;
import io.github.lazymcp.LazyMcpOperations.Ranker;
import io.github.lazymcp.LazyMcpOperations.Ranking;
import io.github.lazymcp.LazyMcpOperations.ToolUsage;
import io.github.lazymcp.LazyMcpOperations.Undescribed;
import io.github.lazymcp.capability.internal.CapabilityReport;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.FusionFit;
import io.github.lazymcp.search.internal.RankerStatus;
import io.github.lazymcp.tool.internal.SearchUsage;
import io.github.lazymcp.tool.internal.UsageStats;

/**
 * Internal reports turned into the records of {@link LazyMcpOperations}: the one place
 * that knows both, so that the window's records stay free of internal types.
 */
final class OperationsRecords {

	private OperationsRecords() {
	}

	static Counters counters(UsageStats stats, ToolRanker ranker) {
		return new Counters(stats.searches(), stats.searchesFindingNothing(), stats.activations(), stats.evictions(),
				stats.modelRequests(), stats.tokensSent(), stats.tokensEager(), stats.interimSearches(),
				ranker.fallbacks());
	}

	static Ranker ranker(RankerStatus status) {
		return new Ranker(status.configured(), status.answering(), status.reason());
	}

	static Ranking ranking(FusionFit.Result fit) {
		return new Ranking(fit.chosen().sparse(), fit.chosen().gap(), fit.changed(), fit.requests(), fit.reason());
	}

	static Capabilities capabilities(CapabilityReport report) {
		CapabilityReport.AutoActivation auto = report.autoActivation();
		return new Capabilities(report.maxActive(),
				report.capabilities().stream().map(OperationsRecords::capability).toList(),
				(auto != null) ? autoActivation(auto) : null);
	}

	private static Capability capability(CapabilityReport.Capability capability) {
		return new Capability(capability.name(), capability.provider(), capability.variants(), capability.state(),
				capability.description(), capability.sessions(),
				capability.servers()
					.stream()
					.map((server) -> new CapabilityServer(server.name(), server.connected(), server.references(),
							server.heldBy(), server.connections()))
					.toList(),
				capability.packages(), capability.failure());
	}

	private static AutoActivation autoActivation(CapabilityReport.AutoActivation auto) {
		CapabilityReport.Decision last = auto.lastDecision();
		return new AutoActivation(auto.threshold(), auto.margin(), auto.generalLead(),
				(last != null) ? new Decision(last.text(), last.chosen(), last.reason(), last.scores()) : null);
	}

	/**
	 * The window's record of a catalog report.
	 * @param report the report the search made
	 * @return the record
	 */
	static CatalogReport catalogReport(io.github.lazymcp.search.internal.CatalogReport report) {
		return new CatalogReport(report.tools(), report.depth(),
				report.confusable()
					.stream()
					.map((pair) -> new Confusable(pair.first(), pair.second(), pair.why(), pair.fix()))
					.toList(),
				report.notFoundByOwnText()
					.stream()
					.map((tool) -> new NotFound(tool.tool(), tool.text(), tool.found(), tool.fix()))
					.toList(),
				report.undescribed().stream().map((tool) -> new Undescribed(tool.tool(), tool.fix())).toList());
	}

	static ToolUsage toolUsage(SearchUsage usage) {
		return new ToolUsage(usage.searches(), usage.foundNothing(),
				usage.foundNeverCalled()
					.stream()
					.map((tool) -> new FoundNeverCalled(tool.tool(), tool.timesFound(), tool.fix()))
					.toList(),
				usage.calledWithoutSearch()
					.stream()
					.map((tool) -> new CalledWithoutSearch(tool.tool(), tool.calls(), tool.fix()))
					.toList());
	}

}
