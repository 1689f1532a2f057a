package io.github.lazymcp.benchmarks.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Documents;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.internal.SearchFixtures;

/**
 * {@code catalog-report}: what the catalog report finds in a folder of catalogs: tools of
 * different servers with the same name or description, tools their own description does
 * not find among the first results, tools without a usable description. Prints the counts
 * and the first examples of each, with the property that fixes them.
 *
 * <pre>
 * catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N]
 * </pre>
 */
public final class CatalogReportCommand implements Command {

	private static final OptionSpec OPTIONS = OptionSpec.of(Set.of("catalogs", "ranker", "depth", "examples"),
			Set.of());

	@Override
	public String name() {
		return "catalog-report";
	}

	@Override
	public String usage() {
		return "catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N]";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	@Override
	public int run(Options args, Output out) throws IOException {
		Dataset catalogs = Dataset.readCatalogs(Path.of(args.require("catalogs")));
		List<SearchDocument> documents = Documents.of(catalogs);
		String ranker = args.get("ranker", ProductRankers.defaultRanker());
		int depth = args.integer("depth", 5);
		int examples = args.integer("examples", 3);
		ToolIndex index = RankerRegistry.standard().create(ranker).index(documents);
		LazyMcpOperations.CatalogReport report = SearchFixtures.catalogReport(documents, index, depth);

		out.text("%d tools of %d servers, ranker %s, own text must find its tool in the top %d"
			.formatted(report.tools(), catalogs.servers().size(), ranker, depth));
		long names = report.confusable().stream().filter((pair) -> pair.why().equals("the same name")).count();
		out.text("confusable pairs: %d (%d by name, %d by description)".formatted(report.confusable().size(), names,
				report.confusable().size() - names));
		report.confusable()
			.stream()
			.limit(examples)
			.forEach((pair) -> out
				.text("  %s ~ %s: %s; fix: %s".formatted(pair.first(), pair.second(), pair.why(), pair.fix())));
		out.text("not found by their own description: %d".formatted(report.notFoundByOwnText().size()));
		report.notFoundByOwnText()
			.stream()
			.limit(examples)
			.forEach((miss) -> out
				.text("  %s, found instead %s; fix: %s".formatted(miss.tool(), miss.found(), miss.fix())));
		out.text("without a usable description: %d".formatted(report.undescribed().size()));
		report.undescribed()
			.stream()
			.limit(examples)
			.forEach((tool) -> out.text("  %s; fix: %s".formatted(tool.tool(), tool.fix())));
		return 0;
	}

}
