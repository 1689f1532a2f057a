package io.github.lazymcp.benchmarks.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The tool pool of the JMH benchmarks: Seal-Tools, ToolBench and the 45 captured MCP
 * servers together (7,645 tools), with the Seal-Tools and ToolBench queries.
 */
public final class ToolPool {

	private final Dataset pool;

	private ToolPool(Dataset pool) {
		this.pool = pool;
	}

	/**
	 * Reads the pool.
	 * @param evalFolder the folder holding {@code sealtools-dev.json} and
	 * {@code toolbench-dev.json}
	 * @param catalogsFolder the folder of captured catalogs
	 * @return the pool
	 * @throws IOException if a file cannot be read
	 */
	public static ToolPool load(Path evalFolder, Path catalogsFolder) throws IOException {
		List<Dataset> parts = List.of(Dataset.read(evalFolder.resolve("sealtools-dev.json")),
				Dataset.read(evalFolder.resolve("toolbench-dev.json")), Dataset.readCatalogs(catalogsFolder));
		List<Dataset.Server> servers = new ArrayList<>();
		List<Dataset.Query> queries = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (Dataset part : parts) {
			for (Dataset.Server server : part.servers()) {
				servers.add(new Dataset.Server(unique(server.name(), names), server.tools()));
			}
			queries.addAll(part.queries());
		}
		return new ToolPool(new Dataset("benchmark-pool", servers, queries, List.of()));
	}

	/**
	 * A catalog of exactly {@code size} tools drawn from the pool in a fixed random
	 * order. Beyond the pool's size the pool repeats, each repetition on servers renamed
	 * {@code name~2}, {@code name~3}...: same texts, distinct tools.
	 * @param size the number of tools
	 * @return the catalog, with the pool's queries
	 */
	public Dataset sample(int size) {
		List<Map.Entry<String, Dataset.Tool>> tools = new ArrayList<>();
		for (Dataset.Server server : this.pool.servers()) {
			server.tools().forEach((tool) -> tools.add(Map.entry(server.name(), tool)));
		}
		Collections.shuffle(tools, new Random(42));
		Map<String, List<Dataset.Tool>> byServer = new LinkedHashMap<>();
		for (int i = 0; i < size; i++) {
			Map.Entry<String, Dataset.Tool> tool = tools.get(i % tools.size());
			int round = i / tools.size();
			String server = (round == 0) ? tool.getKey() : tool.getKey() + "~" + (round + 1);
			byServer.computeIfAbsent(server, (name) -> new ArrayList<>()).add(tool.getValue());
		}
		List<Dataset.Server> servers = new ArrayList<>();
		byServer.forEach((name, list) -> servers.add(new Dataset.Server(name, list)));
		return new Dataset(this.pool.name() + "-" + size, servers, this.pool.queries(), List.of());
	}

	/**
	 * The pool's query texts in a fixed random order.
	 * @return the texts
	 */
	public List<String> queries() {
		List<String> texts = new ArrayList<>(this.pool.queries().stream().map(Dataset.Query::text).toList());
		Collections.shuffle(texts, new Random(7));
		return texts;
	}

	private static String unique(String name, Set<String> taken) {
		String candidate = name;
		for (int i = 2; !taken.add(candidate); i++) {
			candidate = name + "-" + i;
		}
		return candidate;
	}

}
