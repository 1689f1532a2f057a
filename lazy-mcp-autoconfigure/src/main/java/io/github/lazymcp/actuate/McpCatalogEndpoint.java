package io.github.lazymcp.actuate;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.internal.Assembly;
import io.github.lazymcp.internal.LazyMcpAccess;
import io.github.lazymcp.search.internal.CatalogReport;
import io.github.lazymcp.tool.internal.SearchUsage;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/mcpcatalog}: what an application owner can fix so that the deferred
 * tools are found, each finding with the property that fixes it. The catalog part
 * (confusable tools, tools their own description or examples do not find, tools without a
 * description) is computed in the background after the tools change, so a read never
 * waits for it; the usage part comes from this instance's counters, never from request
 * text.
 *
 * @since 0.1.0
 */
@Endpoint(id = "mcpcatalog")
public class McpCatalogEndpoint {

	private final Assembly lazyMcp;

	/**
	 * Creates the endpoint.
	 * @param lazyMcp what the endpoint reports on
	 */
	public McpCatalogEndpoint(LazyMcp lazyMcp) {
		this.lazyMcp = LazyMcpAccess.assembly(lazyMcp);
	}

	/**
	 * The report as far as it is computed; never waits for the catalog part.
	 * @return the report
	 */
	@ReadOperation
	public Report report() {
		Optional<CompletableFuture<CatalogReport>> catalog = this.lazyMcp.search().catalogReport();
		Usage usage = Usage.of(this.lazyMcp.search().usage());
		if (catalog.isEmpty()) {
			return new Report(Status.INDEXING, null, null, usage);
		}
		CompletableFuture<CatalogReport> report = catalog.get();
		if (!report.isDone()) {
			return new Report(Status.COMPUTING, null, null, usage);
		}
		if (report.isCompletedExceptionally()) {
			String error = report.handle((done, ex) -> String.valueOf(ex)).join();
			return new Report(Status.FAILED, null, error, usage);
		}
		return new Report(Status.READY, Catalog.of(report.join()), null, usage);
	}

	/**
	 * The report.
	 *
	 * @param status whether the catalog part is there yet
	 * @param catalog the catalog part, null unless {@code READY}
	 * @param error why the catalog part could not be computed (asked again, it is
	 * computed again), null unless {@code FAILED}
	 * @param usage the usage part, always there
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Report(Status status, @Nullable Catalog catalog, @Nullable String error, Usage usage) {

	}

	/**
	 * What an application owner can fix in the catalog so that its tools are found.
	 *
	 * @param tools how many tools were examined
	 * @param depth how many results a tool's own text must find it among
	 * @param confusable pairs of tools of different servers with the same name or
	 * description
	 * @param notFoundByOwnText tools a text of their own does not find
	 * @param undescribed tools without a usable description
	 */
	public record Catalog(int tools, int depth, List<Confusable> confusable, List<NotFound> notFoundByOwnText,
			List<Undescribed> undescribed) {

		static Catalog of(CatalogReport report) {
			return new Catalog(report.tools(), report.depth(),
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

	}

	/**
	 * Two tools of different servers a model cannot tell apart.
	 *
	 * @param first one tool
	 * @param second the other
	 * @param why what they share
	 * @param fix the property that fixes it
	 */
	public record Confusable(String first, String second, String why, String fix) {

	}

	/**
	 * A tool one of its own texts does not find.
	 *
	 * @param tool the tool
	 * @param text its description or hint that was searched with
	 * @param found what the search found instead, best first
	 * @param fix the properties that fix it
	 */
	public record NotFound(String tool, String text, List<String> found, String fix) {

	}

	/**
	 * A tool without a description a search could match.
	 *
	 * @param tool the tool
	 * @param fix the property that fixes it
	 */
	public record Undescribed(String tool, String fix) {

	}

	/**
	 * What this instance's searches and calls say about the deferred tools, from counters
	 * alone (no request text).
	 *
	 * @param searches searches since startup, by query or by name
	 * @param foundNothing searches by query that found no tool: the ranking abstained or
	 * nothing matched
	 * @param foundNeverCalled tools searches found that no call followed
	 * @param calledWithoutSearch tools called that no search by query found
	 */
	public record Usage(long searches, long foundNothing, List<FoundNeverCalled> foundNeverCalled,
			List<CalledWithoutSearch> calledWithoutSearch) {

		static Usage of(SearchUsage usage) {
			return new Usage(usage.searches(), usage.foundNothing(),
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

	/**
	 * A tool searches found, and the model never called: its description may promise what
	 * it does not do, or a confusable tool wins.
	 *
	 * @param tool the qualified tool name
	 * @param timesFound how many searches found it
	 * @param fix the properties that act on it
	 */
	public record FoundNeverCalled(String tool, long timesFound, String fix) {

	}

	/**
	 * A tool the model called that no search found: proactive attach, a capability or a
	 * call by name brought it.
	 *
	 * @param tool the qualified tool name
	 * @param calls how many of its calls were observed
	 * @param fix the property that acts on it
	 */
	public record CalledWithoutSearch(String tool, long calls, String fix) {

	}

	/**
	 * How far the catalog part has come.
	 */
	public enum Status {

		/** The current tools are not indexed yet (reading starts it): read again soon. */
		INDEXING,

		/** Being computed in the background: read again in a moment. */
		COMPUTING,

		/** Computed for the current tools. */
		READY,

		/** Computing it failed; the next read starts again. */
		FAILED

	}

}
