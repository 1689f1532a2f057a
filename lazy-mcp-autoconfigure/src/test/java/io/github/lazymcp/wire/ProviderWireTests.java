package io.github.lazymcp.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.wire.FakeModelServer.Sent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a real Spring AI provider client puts on the wire when lazy-mcp narrows the tools.
 * A real app (the test {@code application.yml}: the four npm reference servers, at most 4
 * active tools, {@code sequential-thinking} pinned) talks through the auto-configured
 * {@link ChatClient} and the provider's own chat model to a fake of the provider's HTTP
 * API, which answers with a script. Each test asserts the {@code tools} array of every
 * HTTP request, in call and in stream mode. Results list a shortlist of 10, the default,
 * set here because a test loads a tool from it.
 */
@TestPropertySource(properties = "tools.lazy-mcp.search.shortlist=10")
abstract class ProviderWireTests {

	static final String PINNED = "sequential-thinking__sequentialthinking";

	static final String SEARCH = "ToolSearch";

	static final String CREATE = "memory__create_entities";

	static final String READ = "memory__read_graph";

	private static final Path WORKSPACE = workspace();

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	McpCatalog catalog;

	@Autowired
	LazyMcp lazyMcp;

	ChatClient client;

	@DynamicPropertySource
	static void workspace(DynamicPropertyRegistry registry) {
		registry.add("it.workspace", WORKSPACE::toString);
	}

	/**
	 * The provider's fake server, started before the context.
	 * @return the server
	 */
	abstract FakeModelServer server();

	/**
	 * The names the provider accepts for a tool.
	 * @return the rule
	 */
	abstract Pattern toolNameRule();

	/**
	 * The schema the provider client sends for a tool whose MCP input schema is given:
	 * the same, unless the client adds something of its own.
	 * @param mcpSchema the MCP server's input schema
	 * @return the schema expected on the wire
	 */
	JsonNode wireSchema(ObjectNode mcpSchema) {
		return mcpSchema;
	}

	@BeforeEach
	void setUp() {
		server().reset();
		this.client = this.builder.build();
	}

	@Test
	void callSendsEagerToolsAndToolSearchFirstThenAppendsTheActivatedSchemas() {
		String entity = script("call");

		String answer = this.client.prompt()
			.user("remember Grace")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, entity))
			.call()
			.content();

		assertThat(answer).isEqualTo("done");
		List<Sent> sent = server().requests();
		assertThat(sent).extracting(Sent::streamed).containsExactly(false, false, false);
		assertToolsOnTheWire(sent, entity);
	}

	@Test
	void streamSendsTheSameToolsRequestByRequestAsCall() {
		String called = script("call-twin");
		this.client.prompt()
			.user("remember Grace")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, called))
			.call()
			.content();
		List<Sent> calls = server().requests();
		server().reset();
		String entity = script("stream");

		List<String> fragments = this.client.prompt()
			.user("remember Grace")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, entity))
			.stream()
			.content()
			.collectList()
			.block(Duration.ofSeconds(60));

		assertThat(String.join("", fragments)).isEqualTo("done");
		List<Sent> streams = server().requests();
		assertThat(streams).extracting(Sent::streamed).containsExactly(true, true, true);
		assertToolsOnTheWire(streams, entity);
		for (int i = 0; i < streams.size(); i++) {
			assertThat(tools(streams.get(i))).as("tools of request %d", i).isEqualTo(tools(calls.get(i)));
		}
	}

	@Test
	void aShortlistedToolLoadsByNameAndASecondSearchAnswersAlreadyLoaded() throws Exception {
		// Both searches rank with the full index, so that they rank alike.
		this.lazyMcp.indexed().get(120, TimeUnit.SECONDS);
		String query = "{\"query\": \"create entities and relations in the knowledge graph\"}";
		server().thenCall(SEARCH, query)
			.thenCall(SEARCH, (request) -> "{\"names\": [\"%s\"]}".formatted(firstListed(request)))
			.thenCall(SEARCH, query)
			.thenAnswer("done");

		String answer = this.client.prompt()
			.user("remember that Grace knows Ada")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, getClass().getSimpleName() + "-shortlist"))
			.call()
			.content();

		assertThat(answer).isEqualTo("done");
		List<Sent> sent = server().requests();
		assertThat(sent).hasSize(4);
		// Request 2: the first search loaded three tools and listed the next ones by
		// name.
		JsonNode first = lastResult(sent.get(1));
		List<String> loaded = first.get("tools").valueStream().map((tool) -> tool.get("name").asString()).toList();
		String listed = firstListed(sent.get(1).body());
		assertThat(loaded).hasSize(3);
		assertThat(names(sent.get(1))).containsExactly(PINNED, SEARCH, loaded.get(0), loaded.get(1), loaded.get(2));
		assertThat(first.get("shortlist").valueStream().map(JsonNode::asString).toList()).hasSizeBetween(1, 10)
			.allSatisfy((line) -> assertThat(line).matches("[\\w-]+__[\\w-]+(: .+)?"));
		assertThat(first.get("message").asString()).contains("The tools in 'shortlist' are not loaded");
		assertThat(loaded).doesNotContain(listed);
		// Request 3: loaded by the name the shortlist gave, appended to the tools.
		assertThat(names(sent.get(2))).containsExactly(PINNED, SEARCH, loaded.get(0), loaded.get(1), loaded.get(2),
				listed);
		assertThat(lastResult(sent.get(2)).get("tools").get(0).get("name").asString()).isEqualTo(listed);
		// Request 4: the same search again loads nothing and names what is loaded.
		JsonNode again = lastResult(sent.get(3));
		assertThat(again.get("tools").valueStream().map((tool) -> tool.get("name").asString()).toList())
			.containsExactlyElementsOf(loaded);
		assertThat(again.get("tools").valueStream())
			.allSatisfy((tool) -> assertThat(tool.get("alreadyLoaded").asBoolean()).isTrue());
		assertThat(again.get("message").asString()).startsWith("Already loaded: call `" + loaded.get(0) + "`");
		assertThat(tools(sent.get(3))).isEqualTo(tools(sent.get(2)));
	}

	/** The name of the first tool the last ToolSearch result of a request listed. */
	private String firstListed(JsonNode request) {
		List<String> results = server().protocol().toolResults(request);
		String line = WireProtocol.JSON.readTree(results.get(results.size() - 1)).get("shortlist").get(0).asString();
		return line.contains(":") ? line.substring(0, line.indexOf(':')) : line;
	}

	private JsonNode lastResult(Sent request) {
		List<String> results = server().protocol().toolResults(request.body());
		assertThat(results).isNotEmpty();
		return WireProtocol.JSON.readTree(results.get(results.size() - 1));
	}

	/**
	 * Scripts one turn: search by name for two memory tools, call one of them with a
	 * named entity, then answer.
	 * @param mode told apart in the entity's name, which is also the conversation id
	 * @return the entity's name
	 */
	private String script(String mode) {
		String entity = getClass().getSimpleName() + "-" + mode;
		server().thenCall(SEARCH, "{\"names\": [\"%s\", \"%s\"]}".formatted(CREATE, READ))
			.thenCall(CREATE,
					"{\"entities\": [{\"name\": \"%s\", \"entityType\": \"person\", \"observations\": [\"writes compilers\"]}]}"
						.formatted(entity))
			.thenAnswer("done");
		return entity;
	}

	private void assertToolsOnTheWire(List<Sent> sent, String entity) {
		WireProtocol protocol = server().protocol();
		assertThat(sent).hasSize(3).allSatisfy((request) -> assertThat(request.method()).isEqualTo("POST"));
		assertThat(names(sent.get(0))).containsExactly(PINNED, SEARCH);
		assertThat(names(sent.get(1))).containsExactly(PINNED, SEARCH, CREATE, READ);
		// The activated tools are appended: the tools the first request carried stay
		// byte for byte at the front, which keeps a provider's prompt cache valid.
		assertThat(tools(sent.get(1)).subList(0, 2)).isEqualTo(tools(sent.get(0)));
		assertThat(tools(sent.get(2))).isEqualTo(tools(sent.get(1)));
		assertThat(schema(sent.get(1), CREATE)).isEqualTo(catalogSchema(CREATE));
		assertThat(schema(sent.get(1), READ)).isEqualTo(catalogSchema(READ));
		assertThat(sent).flatExtracting(this::names).allMatch(toolNameRule().asMatchPredicate());
		assertThat(protocol.systemText(sent.get(0).body())).contains(SEARCH);
		assertThat(protocol.toolResults(sent.get(0).body())).isEmpty();
		assertThat(protocol.toolResults(sent.get(1).body())).singleElement()
			.asString()
			.contains("\"" + CREATE + "\"", "\"" + READ + "\"", "\"active\":\"2/4\"");
		assertThat(protocol.toolResults(sent.get(2).body())).singleElement().asString().contains(entity);
	}

	private List<String> names(Sent request) {
		return server().protocol().tools(request.body()).stream().map(server().protocol()::name).toList();
	}

	/** The request's tools entries, each as the bytes sent. */
	private List<String> tools(Sent request) {
		return server().protocol().tools(request.body()).stream().map(JsonNode::toString).toList();
	}

	private JsonNode schema(Sent request, String tool) {
		WireProtocol protocol = server().protocol();
		return protocol.tools(request.body())
			.stream()
			.filter((entry) -> protocol.name(entry).equals(tool))
			.map(protocol::schema)
			.findFirst()
			.orElseThrow();
	}

	private JsonNode catalogSchema(String tool) {
		String schema = this.catalog.snapshot().find(tool).orElseThrow().definition().inputSchema();
		return wireSchema((ObjectNode) WireProtocol.JSON.readTree(schema));
	}

	private static Path workspace() {
		try {
			return Files.createTempDirectory("lazy-mcp-wire").toRealPath();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
