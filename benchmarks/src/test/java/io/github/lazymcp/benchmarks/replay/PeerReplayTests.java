package io.github.lazymcp.benchmarks.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.github.lazymcp.benchmarks.agent.Conditions;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.ModelPick;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.peers.AnthropicToolSearch;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class PeerReplayTests {

	private static final String CATALOG = """
			{"name": "peers-dev", "source": "written by the test",
			 "servers": [
			  {"name": "weather", "tools": [
			    {"name": "forecast", "description": "Forecast the weather of a city.", "inputSchema": {"type": "object"}}]},
			  {"name": "mail", "tools": [
			    {"name": "send_mail", "description": "Send an email.", "inputSchema": {"type": "object"}}]}],
			 "queries": [
			  {"id": "trip", "text": "forecast the weather in Oslo", "gold": ["weather/forecast"]},
			  {"id": "note", "text": "send an email to Kari", "gold": ["mail/send_mail"]}]}
			""";

	@TempDir
	Path folder;

	@Test
	void aSmallCatalogsEagerLineSaysWhichProvidersTakeItsRequests() throws Exception {
		Optional<SystemRow> eager = lines(Conditions.DEFAULTS).eager();

		assertThat(eager).hasValueSatisfying((row) -> {
			assertThat(row.provenance()).isEqualTo("every tool in every request; fits Anthropic and OpenAI");
			assertThat(row.outcomes().failed()).isZero();
			assertThat(row.bill().requests()).isEqualTo(4);
		});
	}

	@Test
	void aModelThatTrustsARankingHasNoEagerLine() throws Exception {
		assertThat(lines(Conditions.DEFAULTS.withPick(ModelPick.TOP)).eager()).isEmpty();
	}

	@Test
	void aPeersLineCountsItsTasksSearchesAndBill() throws Exception {
		SystemRow peer = lines(Conditions.DEFAULTS).peer();

		assertThat(peer.system()).isEqualTo("anthropic-bm25");
		assertThat(peer.outcomes().tasks()).isEqualTo(2);
		assertThat(peer.outcomes().failed()).isZero();
		// One search per task, then the call, then the answer.
		assertThat(peer.searches()).isEqualTo(2);
		assertThat(peer.bill().requests()).isEqualTo(6);
		assertThat(peer.toJson().get("searchesPerTask").asDouble()).isEqualTo(1.0);
	}

	@Test
	void aPeersLineSaysHowEachTaskEndedInTheTasksOrderAndPrintsItOnlyWhenAsked() throws Exception {
		SystemRow peer = lines(Conditions.DEFAULTS.withPick(ModelPick.TOP)).peer();

		assertThat(peer.perTask()).extracting(SystemRow.TaskOutcome::id).containsExactly("trip", "note");
		assertThat(peer.perTask().stream().filter((task) -> task.outcome() == TaskRun.Outcome.FAILED).count())
			.isEqualTo(peer.outcomes().failed());
		assertThat(peer.toJson().get("perTask").valueStream().map((task) -> task.get("id").asString()))
			.containsExactly("trip", "note");
		assertThat(peer.toText()).contains("\n  task trip " + peer.perTask().get(0).outcome().resultName());
		SystemRow without = peer.withPerTask(List.of());
		assertThat(without.toJson().has("perTask")).isFalse();
		assertThat(without.toText()).doesNotContain("task trip");
	}

	private Lines lines(Conditions conditions) throws Exception {
		Dataset dataset = Dataset.read(Files.writeString(this.folder.resolve("peers-dev.json"), CATALOG));
		List<Task> tasks = Workloads.fromQueries(dataset);
		try (LazyStack stack = new LazyStack(dataset,
				ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model()),
				LazyStack.Setup.cap(24))) {
			PeerReplay replay = new PeerReplay(stack, CachePrices.DEFAULTS, conditions);
			return new Lines(replay.eager(FirstLook.SEARCH, tasks),
					replay.peer(AnthropicToolSearch.all().get(0), FirstLook.SEARCH, tasks));
		}
	}

	private record Lines(Optional<SystemRow> eager, SystemRow peer) {

	}

}
