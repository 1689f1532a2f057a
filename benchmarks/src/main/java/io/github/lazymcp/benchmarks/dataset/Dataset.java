package io.github.lazymcp.benchmarks.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tool catalog with optional queries: either an evaluation file ({@code name, servers,
 * queries, negatives}, see {@code eval/README.md}) or a folder of captured
 * {@code tools/list} answers, one server per file.
 *
 * @param name the dataset name
 * @param servers the servers and their tools, in file order
 * @param queries requests with their gold {@code server/tool} keys
 * @param negatives requests that no tool serves
 */
public record Dataset(String name, List<Server> servers, List<Query> queries, List<Query> negatives) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	public Dataset {
		servers = List.copyOf(servers);
		queries = List.copyOf(queries);
		negatives = List.copyOf(negatives);
	}

	/**
	 * Reads an evaluation file.
	 * @param file the JSON file
	 * @return the dataset
	 * @throws IOException if the file cannot be read
	 */
	public static Dataset read(Path file) throws IOException {
		JsonNode root = JSON.readTree(Files.readString(file));
		List<Server> servers = new ArrayList<>();
		for (JsonNode server : root.path("servers").values()) {
			servers.add(server(server.path("name").asString(), server.path("tools")));
		}
		return new Dataset(root.path("name").asString(file.getFileName().toString()), servers,
				queries(root.path("queries")), queries(root.path("negatives")));
	}

	/**
	 * Reads a folder of captured catalogs: every {@code *.json} directly inside it is one
	 * server, named by its {@code id}, with the {@code instructions} it sent at
	 * initialization when it sent any. Sub-folders (such as {@code _results}) are not
	 * read.
	 * @param folder the folder
	 * @return a dataset without queries
	 * @throws IOException if a file cannot be read
	 */
	public static Dataset readCatalogs(Path folder) throws IOException {
		List<Path> files;
		try (Stream<Path> listing = Files.list(folder)) {
			files = listing.filter((path) -> path.toString().endsWith(".json") && Files.isRegularFile(path))
				.sorted()
				.toList();
		}
		List<Server> servers = new ArrayList<>();
		for (Path file : files) {
			JsonNode root = JSON.readTree(Files.readString(file));
			String id = root.path("id").asString(file.getFileName().toString().replace(".json", ""));
			JsonNode instructions = root.path("instructions");
			servers.add(server(id, root.path("tools"))
				.withInstructions(instructions.isString() ? instructions.asString() : null));
		}
		return new Dataset(folder.getFileName().toString(), servers, List.of(), List.of());
	}

	/**
	 * The number of tools over all servers.
	 * @return the tool count
	 */
	public int toolCount() {
		return this.servers.stream().mapToInt((server) -> server.tools().size()).sum();
	}

	private static Server server(String name, JsonNode tools) {
		List<Tool> parsed = new ArrayList<>();
		for (JsonNode tool : tools.values()) {
			JsonNode description = tool.path("description");
			JsonNode schema = tool.path("inputSchema");
			parsed.add(new Tool(tool.path("name").asString(), description.isString() ? description.asString() : "",
					schema.isMissingNode() ? "{}" : JSON.writeValueAsString(schema), JSON.writeValueAsString(tool)));
		}
		return new Server(name, parsed);
	}

	private static List<Query> queries(JsonNode array) {
		List<Query> queries = new ArrayList<>();
		for (JsonNode query : array.values()) {
			List<String> gold = new ArrayList<>();
			query.path("gold").values().forEach((key) -> gold.add(key.asString()));
			queries.add(new Query(query.path("id").asString(), query.path("text").asString(), gold));
		}
		return queries;
	}

	/**
	 * One MCP server.
	 *
	 * @param name the server name
	 * @param tools its tools, in listing order
	 * @param instructions what it said at initialization about how to use its tools, or
	 * null when it said nothing (a blank text counts as nothing)
	 */
	public record Server(String name, List<Tool> tools, @Nullable String instructions) {

		public Server {
			tools = List.copyOf(tools);
			instructions = (instructions == null || instructions.isBlank()) ? null : instructions;
		}

		/**
		 * A server that sent no instructions, as every server of an evaluation file.
		 * @param name the server name
		 * @param tools its tools, in listing order
		 */
		public Server(String name, List<Tool> tools) {
			this(name, tools, null);
		}

		/**
		 * The same server with other instructions.
		 * @param text the instructions, or null for none
		 * @return the server
		 */
		public Server withInstructions(@Nullable String text) {
			return new Server(this.name, this.tools, text);
		}

	}

	/**
	 * One tool as the server lists it.
	 *
	 * @param name the tool name on its server
	 * @param description the description, empty when it has none
	 * @param inputSchema the input schema as JSON text
	 * @param json the whole tool object as JSON text, exactly as listed
	 */
	public record Tool(String name, String description, String inputSchema, String json) {
	}

	/**
	 * A request, with the tools that serve it.
	 *
	 * @param id the query id
	 * @param text the request text
	 * @param gold {@code server/tool} keys; empty for a negative
	 */
	public record Query(String id, String text, List<String> gold) {

		public Query {
			gold = List.copyOf(gold);
		}

	}

	/**
	 * The key a tool is known by in gold lists and search results.
	 * @param server the server name
	 * @param tool the tool name
	 * @return {@code server/tool}
	 */
	public static String key(String server, String tool) {
		return server + "/" + tool;
	}

}
