package io.github.lazymcp.actuate;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.LazyMcpOperations.CatalogReport;
import io.github.lazymcp.LazyMcpOperations.ToolUsage;
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

	private final LazyMcpOperations operations;

	/**
	 * Creates the endpoint.
	 * @param lazyMcp what the endpoint reports on
	 */
	public McpCatalogEndpoint(LazyMcp lazyMcp) {
		this.operations = lazyMcp.operations();
	}

	/**
	 * The report as far as it is computed; never waits for the catalog part.
	 * @return the report
	 */
	@ReadOperation
	public Report report() {
		Optional<CompletableFuture<CatalogReport>> catalog = this.operations.catalogReport();
		ToolUsage usage = this.operations.toolUsage();
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
		return new Report(Status.READY, report.join(), null, usage);
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
	public record Report(Status status, @Nullable CatalogReport catalog, @Nullable String error, ToolUsage usage) {

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
