package io.github.lazymcp.benchmarks.bill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.catalog.internal.CatalogFixtures;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.definition.DefaultToolDefinition;

/**
 * Compares lazy-mcp's token counts ({@link CatalogFixtures#tokens()}) with the per-tool
 * o200k counts published next to the captured catalogs ({@code _results/tokens.json}),
 * which were taken over each tool exactly as listed: its own name, description and input
 * schema.
 */
public final class TokenCrossCheck {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private TokenCrossCheck() {
	}

	/**
	 * Counts every tool as listed and reports how many agree with the published figure.
	 * @param catalogs the captured servers
	 * @param tokensFile {@code _results/tokens.json}
	 * @return a one-paragraph report
	 * @throws IOException if the file cannot be read
	 */
	public static String report(Dataset catalogs, Path tokensFile) throws IOException {
		Map<String, Integer> published = new HashMap<>();
		for (JsonNode server : JSON.readTree(Files.readString(tokensFile)).values()) {
			for (JsonNode tool : server.path("perTool").values()) {
				published.put(Dataset.key(server.path("id").asString(), tool.path("name").asString()),
						tool.path("o200k").asInt());
			}
		}
		CatalogFixtures.Tokens counter = CatalogFixtures.tokens();
		int compared = 0;
		int equal = 0;
		long ours = 0;
		long theirs = 0;
		StringBuilder examples = new StringBuilder();
		for (Dataset.Server server : catalogs.servers()) {
			for (Dataset.Tool tool : server.tools()) {
				Integer expected = published.get(Dataset.key(server.name(), tool.name()));
				if (expected == null) {
					continue;
				}
				int counted = counter.count(DefaultToolDefinition.builder()
					.name(tool.name())
					.description(tool.description())
					.inputSchema(tool.inputSchema())
					.build());
				compared++;
				equal += (counted == expected) ? 1 : 0;
				ours += counted;
				theirs += expected;
				if (counted != expected || compared <= 3) {
					examples.append(String.format(Locale.ROOT, "%n  %s: TokenCounter %d, tokens.json %d",
							Dataset.key(server.name(), tool.name()), counted, expected));
				}
			}
		}
		return String.format(Locale.ROOT,
				"o200k cross-check against %s: %d of %d tools equal; totals %,d (TokenCounter) vs %,d%s", tokensFile,
				equal, compared, ours, theirs, examples);
	}

}
