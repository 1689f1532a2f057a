package io.github.lazymcp.benchmarks.soak.judge;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.fleet.ResourceSample;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InstanceReportTests {

	@Test
	void explainsTheThreadsAndPipesOfAStdioServerConnectedSinceTheStart() {
		ResourceSample start = sample(200, 240, 2,
				Map.of("lazy-mcp-#", 4, "pool-#-thread-#", 6, "process reaper (pid #)", 2));
		ResourceSample end = sample(204, 243, 3,
				Map.of("lazy-mcp-#", 4, "pool-#-thread-#", 9, "process reaper (pid #)", 3));

		InstanceReport report = InstanceReport.of("a", false, start, start, end, Map.of());

		assertThat(report.threadPoolsGrown()).containsEntry("pool-#-thread-#", 3)
			.containsEntry("process reaper (pid #)", 1);
		assertThat(report.unexplainedThreads()).isZero();
		assertThat(report.unexplainedFileDescriptors()).isZero();
	}

	@Test
	void countsStdioTransportThreadsThatOutliveTheirProcess() {
		ResourceSample start = sample(200, 240, 2, Map.of("pool-#-thread-#", 6));
		ResourceSample end = sample(206, 240, 2, Map.of("pool-#-thread-#", 12));

		assertThat(InstanceReport.of("a", false, start, start, end, Map.of()).unexplainedThreads()).isEqualTo(6);
	}

	@Test
	void countsAnyOtherPoolThatGrew() {
		ResourceSample start = sample(200, 240, 2, Map.of("lazy-mcp-#", 4));
		ResourceSample end = sample(201, 241, 3, Map.of("lazy-mcp-#", 5));

		assertThat(InstanceReport.of("a", false, start, start, end, Map.of()).unexplainedThreads()).isOne();
	}

	@Test
	void allowsOneMoreHttpSelectorThreadPerHttpConnectionAndCountsAnyBeyond() {
		ResourceSample start = sample(200, 240, 2, Map.of("HttpClient-#-SelectorManager", 2));
		ResourceSample reconnectedBoth = sample(202, 240, 2, Map.of("HttpClient-#-SelectorManager", 4));
		ResourceSample oneMore = sample(203, 240, 2, Map.of("HttpClient-#-SelectorManager", 5));

		assertThat(InstanceReport.of("a", false, start, start, reconnectedBoth, Map.of()).unexplainedThreads())
			.isZero();
		assertThat(InstanceReport.of("a", false, start, start, oneMore, Map.of()).unexplainedThreads()).isOne();
	}

	@Test
	void allowsTheSelectorThreadOfEachIdentitysConnectionOpenedSinceTheStart() {
		ResourceSample start = sample(200, 240, 2, Map.of("HttpClient-#-SelectorManager", 5), 3);
		ResourceSample oneUserMore = sample(203, 240, 2, Map.of("HttpClient-#-SelectorManager", 8), 4);
		ResourceSample sameUsers = sample(203, 240, 2, Map.of("HttpClient-#-SelectorManager", 8), 3);

		assertThat(InstanceReport.of("a", false, start, start, oneUserMore, Map.of()).unexplainedThreads()).isZero();
		InstanceReport leaked = InstanceReport.of("a", false, start, start, sameUsers, Map.of());
		assertThat(leaked.unexplainedThreads()).isOne();
		assertThat(leaked.threadPoolsUnexplained()).isEqualTo(Map.of("HttpClient-#-SelectorManager", 1));
	}

	@Test
	void countsTheSelectorThreadsLeftBehindWhenEveryReconnectOfATwoMinuteRunLeavesOne() {
		int reconnects = (int) FaultPlan.of(FaultPlan.SHORTEST_RUN)
			.stream()
			.filter((fault) -> fault.type() == FaultPlan.Type.KILL_HTTP)
			.count();
		ResourceSample start = sample(200, 240, 2, Map.of("HttpClient-#-SelectorManager", 2));
		ResourceSample leaked = sample(200 + reconnects, 240, 2,
				Map.of("HttpClient-#-SelectorManager", 2 + reconnects));

		assertThat(reconnects).isGreaterThanOrEqualTo(2 * InstanceReport.CONFIGURED_HTTP_SERVERS);
		assertThat(InstanceReport.of("a", false, start, start, leaked, Map.of()).unexplainedThreads())
			.isEqualTo(reconnects - InstanceReport.CONFIGURED_HTTP_SERVERS);
	}

	@Test
	void carriesWhatHoldsEachHttpClientsSelectorThread() {
		ResourceSample start = new ResourceSample(1, 1 << 20, 200, 240, 2, List.of(), Map.of(), 0, 0,
				List.of("HttpClient-3: reachable, 1 pending operations, held by Spring AI's mcpSyncClients, lazy-mcp"),
				0);
		ResourceSample end = new ResourceSample(1, 1 << 20, 200, 240, 2, List.of(), Map.of(), 0, 0,
				List.of("HttpClient-9: collected, 1 pending operations, held by none of the app's roots"), 0);

		InstanceReport report = InstanceReport.of("a", false, start, start, end, Map.of());

		assertThat(report.httpClientsStart()).singleElement().asString().startsWith("HttpClient-3");
		assertThat(report.httpClientsEnd()).singleElement().asString().contains("collected");
	}

	@Test
	void reportsButDoesNotCountTheGrowthOfElasticPools() {
		ResourceSample start = sample(200, 240, 2, Map.of("boundedElastic-#", 2));
		ResourceSample end = sample(203, 240, 2, Map.of("boundedElastic-#", 5));

		InstanceReport report = InstanceReport.of("a", false, start, start, end, Map.of());

		assertThat(report.threadPoolsGrown()).containsEntry("boundedElastic-#", 3);
		assertThat(report.unexplainedThreads()).isZero();
	}

	@Test
	void countsChildProcessesThatAreNeitherConfiguredNorConnectedCapabilityServers() {
		ResourceSample start = sample(200, 240, 2, Map.of());
		ResourceSample end = new ResourceSample(1, 1 << 20, 200, 240, 4, List.of(), Map.of(), 0, 1, List.of(), 0);

		assertThat(InstanceReport.of("a", false, start, start, end, Map.of()).unexplainedChildProcesses()).isOne();
	}

	@Test
	void marksWhatItCouldNotMeasureWhenTheInstanceDidNotAnswerAtTheEnd() {
		ResourceSample start = sample(200, 240, 2, Map.of("lazy-mcp-#", 4));

		InstanceReport report = InstanceReport.of("b", true, start, start, ResourceSample.NONE, Map.of());

		assertThat(report.heapGrowthPercent()).isNull();
		assertThat(report.unexplainedThreads()).isEqualTo(-1);
		assertThat(report.unexplainedChildProcesses()).isEqualTo(-1);
		assertThat(report.unexplainedFileDescriptors()).isEqualTo(-1);
	}

	@Test
	void measuresHeapGrowthFromStartToEnd() {
		assertThat(InstanceReport.growth(100, 105)).isEqualTo(5.0);
		assertThat(InstanceReport.growth(-1, 105)).isZero();
	}

	private static ResourceSample sample(int threads, int fds, int children, Map<String, Integer> groups) {
		return sample(threads, fds, children, groups, 0);
	}

	private static ResourceSample sample(int threads, int fds, int children, Map<String, Integer> groups,
			int perUserConnections) {
		return new ResourceSample(1, 100L << 20, threads, fds, children, List.of(), groups, 0, 0, List.of(),
				perUserConnections);
	}

}
