package io.github.lazymcp;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.internal.SearchResult;
import io.github.lazymcp.tool.internal.ToolSearchService;
import org.jspecify.annotations.Nullable;

/**
 * {@link LazyMcpOperations} over the parts of one assembly: each read asks the part that
 * knows, and turns its answer into the window's records.
 */
final class AssemblyOperations implements LazyMcpOperations {

	private final Assembly assembly;

	AssemblyOperations(Assembly assembly) {
		this.assembly = assembly;
	}

	@Override
	public Counters counters() {
		return OperationsRecords.counters(this.assembly.stats(), this.assembly.ranker());
	}

	@Override
	public String indexState() {
		return this.assembly.search().indexState();
	}

	@Override
	public int learnedUses() {
		return this.assembly.search().learnedUses();
	}

	@Override
	public Ranker ranker() {
		return OperationsRecords.ranker(Rankers.status(this.assembly.ranker()));
	}

	@Override
	public Optional<Ranking> ranking() {
		return this.assembly.search().fusionFit().map(OperationsRecords::ranking);
	}

	@Override
	public Capabilities capabilities() {
		return OperationsRecords.capabilities(this.assembly.capabilityReport());
	}

	@Override
	public Optional<CompletableFuture<CatalogReport>> catalogReport() {
		// A failure keeps its exception: the search hands out a copy, which wraps it in a
		// CompletionException already, and a stage after that passes it on as it is.
		return this.assembly.search()
			.catalogReport()
			.map((report) -> report.thenApply(OperationsRecords::catalogReport));
	}

	@Override
	public ToolUsage toolUsage() {
		return OperationsRecords.toolUsage(this.assembly.search().usage());
	}

	@Override
	public void eachRefusedCallCount(BiConsumer<String, LongSupplier> counter) {
		this.assembly.stats().eachRefusalCount(counter);
	}

	@Override
	public String activate(String session, @Nullable String query, List<String> names) {
		ToolSearchService search = this.assembly.search();
		int maxLimit = search.settings().maxLimit();
		if (names.size() > maxLimit) {
			throw new IllegalArgumentException(
					"'tools' may list at most %d tools, got %d.".formatted(maxLimit, names.size()));
		}
		Optional<String> problem = search.problem(query, names);
		if (problem.isPresent()) {
			throw new IllegalArgumentException(problem.get());
		}
		CatalogSnapshot snapshot = this.assembly.catalog().snapshot();
		List<String> unknown = names.stream().filter((name) -> snapshot.resolve(name).isEmpty()).toList();
		if (!unknown.isEmpty()) {
			throw new IllegalArgumentException("No tool is named %s; GET /actuator/mcpactivation lists the tools."
				.formatted(String.join(", ", unknown)));
		}
		SearchResult result = search.search(this.assembly.sessions().session(session), query, names);
		if (result.failed()) {
			throw new IllegalArgumentException(String.valueOf(result.error()));
		}
		return result.toJson();
	}

	@Override
	public void processExited(String server, String reason) {
		this.assembly.supervisor().processExited(server, reason);
	}

}
