package io.github.lazymcp.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Stream;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code /actuator/mcpactivation} over HTTP, on a real app with the four npm servers.
 */
@SpringBootTest(classes = McpTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class McpActivationEndpointIntegrationTests extends RealMcpServers {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Value("${local.server.port}")
	int port;

	@Autowired
	LazyMcp lazyMcp;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void readShowsServersDeferredPinnedAndDeniedTools() throws Exception {
		JsonNode state = send(HttpRequest.newBuilder(uri("")).GET());

		assertThat(state.get("deferring").asBoolean()).isTrue();
		assertThat(state.get("maxActiveSchemas").asInt()).isEqualTo(4);
		assertThat(state.get("servers").findValuesAsString("name")).containsExactly("everything", "filesystem",
				"memory", "sequential-thinking");
		assertThat(state.at("/tools/pinned").toString()).isEqualTo("[\"sequential-thinking__sequentialthinking\"]");
		assertThat(state.at("/tools/denied").toString()).contains("filesystem/write_file");
		assertThat(state.at("/tools/deferred").toString()).contains("memory__read_graph");
		assertThat(state.at("/tokens/catalog").asLong()).isGreaterThan(state.at("/tokens/deferred").asLong());
	}

	@Test
	void readShowsTheRankingsWeightsAndWhyTheyWereNotFittedYet() {
		await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode ranking = send(HttpRequest.newBuilder(uri("")).GET()).get("ranking");
			assertThat(ranking).as("ranking once the full index is built").isNotNull();
			assertThat(ranking.get("fitted").asBoolean()).isFalse();
			assertThat(ranking.get("sparseWeight").asDouble()).isEqualTo(RankingSettings.DEFAULTS.sparseWeight());
			assertThat(ranking.get("reason").asString()).contains("learned requests, fewer than the 30 a fit needs");
		});
	}

	@Test
	void readNamesTheRankingThatAnswersOnceTheModelIsLoaded() {
		await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode ranker = send(HttpRequest.newBuilder(uri("")).GET()).get("ranker");
			assertThat(ranker.toString()).isEqualTo("{\"configured\":\"hybrid\",\"answering\":\"hybrid\"}");
		});
	}

	@Test
	void writeActivatesLikeToolSearchAndDeleteResetsTheSession() throws Exception {
		JsonNode written = send(HttpRequest.newBuilder(uri("/ops-1"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"tools\": \"memory__read_graph, memory__open_nodes\"}")));

		assertThat(written.get("tools").findValuesAsString("name")).containsExactly("memory__read_graph",
				"memory__open_nodes");
		assertThat(written.get("active").asString()).isEqualTo("2/4");

		JsonNode session = send(HttpRequest.newBuilder(uri("/ops-1")).GET());
		assertThat(session.get("tools").findValuesAsString("name")).containsExactly("memory__read_graph",
				"memory__open_nodes");
		assertThat(session.get("tools").get(0).get("tokens").asInt()).isPositive();

		JsonNode reset = send(HttpRequest.newBuilder(uri("/ops-1")).DELETE());
		assertThat(reset.get("active").asString()).isEqualTo("0/4");
	}

	@Test
	void writeByQueryReturnsTheSameJsonToolSearchReturns() throws Exception {
		JsonNode written = send(HttpRequest.newBuilder(uri("/ops-2"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"read the knowledge graph\"}")));

		assertThat(written.get("tools").findValuesAsString("name")).contains("memory__read_graph");
		assertThat(written.get("tools").get(0).has("inputSchema")).isTrue();
		assertThat(written.get("message").asString()).contains("next step");
	}

	@Test
	void anUnknownSessionIsNotFound() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/nobody")).GET().build(),
				HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(404);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badWrites")
	void aBadWriteIsA400ProblemThatSaysWhatIsWrongAndActivatesNothing(String body, String detail) throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/ops-bad"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		JsonNode problem = JSON.readTree(response.body());
		assertThat(problem.get("status").asInt()).isEqualTo(400);
		assertThat(problem.get("title").asString()).isEqualTo("Bad Request");
		assertThat(problem.get("detail").asString()).contains(detail);
		HttpResponse<String> session = this.http.send(HttpRequest.newBuilder(uri("/ops-bad")).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(session.statusCode()).isEqualTo(404);
	}

	static Stream<Arguments> badWrites() {
		return Stream.of(Arguments.of("{}", "Give 'query'"), Arguments.of("{\"query\": \"\"}", "Give 'query'"),
				Arguments.of("{\"query\": \"%s\"}".formatted("x".repeat(5000)), "longer than 1000 characters"),
				Arguments.of("{\"tools\": \"memory__no_such_tool\"}", "No tool is named memory__no_such_tool"),
				Arguments.of("{\"query\": \"graph\", \"tools\": \"memory__read_graph\"}", "not both"),
				Arguments.of(
						"{\"tools\": \"memory__read_graph memory__open_nodes memory__search_nodes "
								+ "memory__create_entities memory__delete_entities\"}",
						"'tools' may list at most 4 tools"));
	}

	@Test
	void deleteWithAConversationDeletesItsLearnedUsesAndTheIndexDropsThem() throws Exception {
		Learning learning = LazyMcpFixtures.parts(this.lazyMcp).learning();
		this.lazyMcp.deleteLearnedUses();
		learning.begin("memory__read_graph").succeeded("show what you remember about me", "ops-alice");
		learning.begin("memory__read_graph").succeeded("show the whole graph", "ops-bob");
		assertThat(this.lazyMcp.indexed()).succeedsWithin(Duration.ofMinutes(1));
		LazyMcpFixtures.relearn(this.lazyMcp);
		await().atMost(Duration.ofMinutes(1))
			.untilAsserted(() -> assertThat(send(HttpRequest.newBuilder(uri("")).GET()).get("learnedUses").asInt())
				.isEqualTo(2));

		JsonNode deleted = send(HttpRequest.newBuilder(uri("?learnedUsesOf=ops-alice")).DELETE());

		assertThat(deleted.get("deleted").asInt()).isEqualTo(1);
		assertThat(deleted.get("conversation").asString()).isEqualTo("ops-alice");
		assertThat(learning.reload().uses().get("memory__read_graph")).containsExactly("show the whole graph");
		await().atMost(Duration.ofMinutes(1))
			.untilAsserted(() -> assertThat(send(HttpRequest.newBuilder(uri("")).GET()).get("learnedUses").asInt())
				.isEqualTo(1));
		assertThat(send(HttpRequest.newBuilder(uri("?allLearnedUses=true")).DELETE()).get("deleted").asInt())
			.isEqualTo(1);
		assertThat(learning.reload().uses()).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "", "?allLearnedUses=false", "?learnedUsesOf=", "?learnedUsesOf=a&allLearnedUses=true" })
	void aBadDeleteOfLearnedUsesIsA400ProblemThatSaysWhatToGive(String query) throws Exception {
		Learning learning = LazyMcpFixtures.parts(this.lazyMcp).learning();
		learning.begin("memory__open_nodes").succeeded("open the node about my cat", "ops-kept");

		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri(query)).DELETE().build(),
				HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		JsonNode problem = JSON.readTree(response.body());
		assertThat(problem.get("detail").asString()).containsAnyOf("Give 'learnedUsesOf'", "not both");
		assertThat(learning.reload().uses().get("memory__open_nodes")).contains("open the node about my cat");
	}

	private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + "/actuator/mcpactivation" + path);
	}

}
