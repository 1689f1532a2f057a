package io.github.lazymcp.benchmarks.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.LazyMcpOperations.CatalogReport;
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
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code catalog-report}: what the catalog report finds in a folder of catalogs: tools of
 * different servers with the same name or description, tools their own description does
 * not find among the first results, tools without a usable description. Prints the counts
 * and the first examples of each, with the property that fixes them: one result, as JSON
 * with {@code --json}.
 *
 * <pre>
 * catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N] [--json]
 * </pre>
 */
public final class CatalogReportCommand implements Command {

	private static final OptionSpec OPTIONS = OptionSpec.of(Set.of("catalogs", "ranker", "depth", "examples"),
			Set.of("json"));

	@Override
	public String name() {
		return "catalog-report";
	}

	@Override
	public String usage() {
		return "catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N] [--json]";
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
		CatalogReport report = SearchFixtures.catalogReport(documents, index, depth);
		out.result(json(catalogs, ranker, report, examples), text(catalogs, ranker, report, examples));
		return 0;
	}

	/**
	 * The report as JSON: {@code catalog}, {@code tools}, {@code servers},
	 * {@code ranker}, {@code depth}, the counts {@code confusable},
	 * {@code confusableByName}, {@code confusableByDescription},
	 * {@code notFoundByOwnText}, {@code undescribed}, and under {@code examples} the
	 * first of each, as the text shows them.
	 */
	private static ObjectNode json(Dataset catalogs, String ranker, CatalogReport report, int examples) {
		ObjectNode json = JsonNodeFactory.instance.objectNode();
		json.put("catalog", catalogs.name());
		json.put("tools", report.tools());
		json.put("servers", catalogs.servers().size());
		json.put("ranker", ranker);
		json.put("depth", report.depth());
		long names = byName(report);
		json.put("confusable", report.confusable().size());
		json.put("confusableByName", names);
		json.put("confusableByDescription", report.confusable().size() - names);
		json.put("notFoundByOwnText", report.notFoundByOwnText().size());
		json.put("undescribed", report.undescribed().size());
		ObjectNode shown = json.putObject("examples");
		ArrayNode confusable = shown.putArray("confusable");
		report.confusable()
			.stream()
			.limit(examples)
			.forEach((pair) -> confusable.addObject()
				.put("first", pair.first())
				.put("second", pair.second())
				.put("why", pair.why())
				.put("fix", pair.fix()));
		ArrayNode notFound = shown.putArray("notFoundByOwnText");
		report.notFoundByOwnText().stream().limit(examples).forEach((miss) -> {
			ObjectNode example = notFound.addObject().put("tool", miss.tool());
			miss.found().forEach(example.putArray("found")::add);
			example.put("fix", miss.fix());
		});
		ArrayNode undescribed = shown.putArray("undescribed");
		report.undescribed()
			.stream()
			.limit(examples)
			.forEach((tool) -> undescribed.addObject().put("tool", tool.tool()).put("fix", tool.fix()));
		return json;
	}

	/** The report for people: the counts, each followed by its first examples. */
	private static String text(Dataset catalogs, String ranker, CatalogReport report, int examples) {
		List<String> lines = new ArrayList<>();
		lines.add("%d tools of %d servers, ranker %s, own text must find its tool in the top %d"
			.formatted(report.tools(), catalogs.servers().size(), ranker, report.depth()));
		long names = byName(report);
		lines.add("confusable pairs: %d (%d by name, %d by description)".formatted(report.confusable().size(), names,
				report.confusable().size() - names));
		report.confusable()
			.stream()
			.limit(examples)
			.forEach((pair) -> lines
				.add("  %s ~ %s: %s; fix: %s".formatted(pair.first(), pair.second(), pair.why(), pair.fix())));
		lines.add("not found by their own description: %d".formatted(report.notFoundByOwnText().size()));
		report.notFoundByOwnText()
			.stream()
			.limit(examples)
			.forEach((miss) -> lines
				.add("  %s, found instead %s; fix: %s".formatted(miss.tool(), miss.found(), miss.fix())));
		lines.add("without a usable description: %d".formatted(report.undescribed().size()));
		report.undescribed()
			.stream()
			.limit(examples)
			.forEach((tool) -> lines.add("  %s; fix: %s".formatted(tool.tool(), tool.fix())));
		return String.join("\n", lines);
	}

	private static long byName(CatalogReport report) {
		return report.confusable().stream().filter((pair) -> pair.why().equals("the same name")).count();
	}

}
