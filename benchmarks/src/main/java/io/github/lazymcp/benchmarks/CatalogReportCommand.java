package io.github.lazymcp.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.internal.CatalogReport;

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
final class CatalogReportCommand {

	static final String USAGE = "catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N]";

	private CatalogReportCommand() {
	}

	static void run(List<String> arguments) throws IOException {
		Args args = Args.parse(arguments, Set.of("catalogs", "ranker", "depth", "examples"), Set.of());
		Dataset catalogs = Dataset.readCatalogs(Path.of(args.require("catalogs")));
		List<SearchDocument> documents = Documents.of(catalogs);
		String ranker = args.get("ranker", LazyRankers.defaultRanker());
		int depth = args.integer("depth", 5);
		int examples = args.integer("examples", 3);
		ToolIndex index = RankerRegistry.standard().create(ranker).index(documents);
		CatalogReport report = CatalogReport.of(documents, index, depth);

		System.out.printf("%d tools of %d servers, ranker %s, own text must find its tool in the top %d%n",
				report.tools(), catalogs.servers().size(), ranker, depth);
		long names = report.confusable().stream().filter((pair) -> pair.why().equals("the same name")).count();
		System.out.printf("confusable pairs: %d (%d by name, %d by description)%n", report.confusable().size(), names,
				report.confusable().size() - names);
		report.confusable()
			.stream()
			.limit(examples)
			.forEach((pair) -> System.out.printf("  %s ~ %s: %s; fix: %s%n", pair.first(), pair.second(), pair.why(),
					pair.fix()));
		System.out.printf("not found by their own description: %d%n", report.notFoundByOwnText().size());
		report.notFoundByOwnText()
			.stream()
			.limit(examples)
			.forEach((miss) -> System.out.printf("  %s, found instead %s; fix: %s%n", miss.tool(), miss.found(),
					miss.fix()));
		System.out.printf("without a usable description: %d%n", report.undescribed().size());
		report.undescribed()
			.stream()
			.limit(examples)
			.forEach((tool) -> System.out.printf("  %s; fix: %s%n", tool.tool(), tool.fix()));
	}

}
