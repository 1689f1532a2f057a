package io.github.lazymcp.catalog;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class McpToolCatalogTests {

	private final TokenCounter tokens = new TokenCounter();

	@Test
	void namesEveryToolAfterItsServerSoCollidingNamesStayApart() {
		ToolCatalog catalog = catalog(new DeferralThreshold(0, 0), new FakeConnection("filesystem", "read_file"),
				new FakeConnection("desktop-commander", "read_file"))
			.current();

		assertThat(catalog.tools()).extracting(CatalogTool::name)
			.containsExactly("desktop-commander__read_file", "filesystem__read_file");
		assertThat(catalog.find("desktop-commander__read_file")).get()
			.extracting(CatalogTool::originalName)
			.isEqualTo("read_file");
	}

	@Test
	void defersNothingWhileToolsAndTokensStayUnderTheThreshold() {
		ToolCatalog catalog = catalog(new DeferralThreshold(3, 100_000), new FakeConnection("s", "a", "b", "c"))
			.current();

		assertThat(catalog.deferring()).isFalse();
		assertThat(catalog.deferred()).isEmpty();
		assertThat(catalog.eager()).hasSize(3);
	}

	@Test
	void defersWhenToolCountExceedsTheThreshold() {
		ToolCatalog catalog = catalog(new DeferralThreshold(2, 100_000), new FakeConnection("s", "a", "b", "c"))
			.current();

		assertThat(catalog.deferring()).isTrue();
		assertThat(catalog.deferred()).hasSize(3);
	}

	@Test
	void defersWhenSchemaTokensExceedTheThreshold() {
		ToolCatalog catalog = catalog(new DeferralThreshold(100, 10), new FakeConnection("s", "a")).current();

		assertThat(catalog.tools().get(0).tokens()).isGreaterThan(10);
		assertThat(catalog.deferring()).isTrue();
	}

	@Test
	void pinnedToolsAreNeitherDeferredNorCountedTowardsTheThreshold() {
		McpToolCatalog live = new McpToolCatalog(List.of(new FakeConnection("s", "a", "b", "c")),
				(server) -> new ServerPolicy(true, List.of("a", "b"), List.of(), List.of(), Map.of()),
				new DeferralThreshold(1, 100_000), this.tokens);

		ToolCatalog catalog = live.current();

		assertThat(catalog.deferring()).isFalse();
		assertThat(catalog.eager()).extracting(CatalogTool::name).containsExactly("s__a", "s__b", "s__c");
	}

	@Test
	void dropsDeniedToolsAndRemembersThem() {
		McpToolCatalog live = new McpToolCatalog(List.of(new FakeConnection("fs", "read_file", "write_file")),
				(server) -> new ServerPolicy(true, List.of(), List.of(), List.of("write_*"), Map.of()),
				new DeferralThreshold(0, 0), this.tokens);

		ToolCatalog catalog = live.current();

		assertThat(catalog.contains("fs__write_file")).isFalse();
		assertThat(catalog.servers().get(0).denied()).containsExactly("write_file");
	}

	@Test
	void theModelSeesTheConfiguredDescription() {
		McpToolCatalog live = new McpToolCatalog(List.of(new FakeConnection("fs", "read_file")),
				(server) -> new ServerPolicy(true, List.of(), List.of(), List.of(), Map.of("read_file", "Reads.")),
				new DeferralThreshold(0, 0), this.tokens);

		assertThat(live.current().find("fs__read_file").orElseThrow().definition().description()).isEqualTo("Reads.");
	}

	@Test
	void aServerThatCannotListItsToolsIsReportedAndTheOthersStay() {
		ToolCatalog catalog = catalog(new DeferralThreshold(0, 0),
				new FakeConnection("dead", "x").failing(new IllegalStateException("process exited")),
				new FakeConnection("alive", "a"))
			.current();

		assertThat(catalog.servers()).extracting(ServerState::name, ServerState::error)
			.containsExactly(tuple("alive", null), tuple("dead", "process exited"));
		assertThat(catalog.tools()).extracting(CatalogTool::name).containsExactly("alive__a");
	}

	@Test
	void listsServersInNameOrderWhateverOrderTheClientsCameIn() {
		ToolCatalog catalog = catalog(new DeferralThreshold(0, 0), new FakeConnection("b", "x"),
				new FakeConnection("a", "y"))
			.current();

		assertThat(catalog.servers()).extracting(ServerState::name).containsExactly("a", "b");
	}

	@Test
	void aChangedToolListReplacesOnlyThatServerWithoutListingAgain() {
		FakeConnection one = new FakeConnection("one", "a");
		FakeConnection two = new FakeConnection("two", "b");
		McpToolCatalog live = catalog(new DeferralThreshold(0, 0), one, two);
		ToolCatalog before = live.current();

		live.toolsChanged("two", List.of(FakeConnection.tool("b", "B."), FakeConnection.tool("c", "C.")));

		ToolCatalog after = live.current();
		assertThat(after.version()).isGreaterThan(before.version());
		assertThat(after.tools()).extracting(CatalogTool::name).containsExactly("one__a", "two__b", "two__c");
		assertThat(one.listings()).isEqualTo(1);
		assertThat(two.listings()).isEqualTo(1);
		assertThat(after.servers()).extracting(ServerState::listChanges).containsExactly(0, 1);
	}

	@Test
	void aChangeBeforeTheFirstListingDoesNotListFromTheNotificationThread() {
		FakeConnection one = new FakeConnection("one", "a");
		McpToolCatalog live = catalog(new DeferralThreshold(0, 0), one);

		live.toolsChanged("one", List.of(FakeConnection.tool("z", "Z.")));

		assertThat(one.listings()).isZero();
		assertThat(live.current().tools()).extracting(CatalogTool::name).containsExactly("one__a");
	}

	@Test
	void serversAddedAtRunTimeKeepOnlyTheToolsTheirFilterAllowsAndCanBeRemoved() {
		McpToolCatalog live = catalog(new DeferralThreshold(0, 0), new FakeConnection("b", "x"));

		live.putServer(new FakeConnection("a", "read_file", "write_file"), (tool) -> tool.startsWith("read"));

		assertThat(live.current().tools()).extracting(CatalogTool::name).containsExactly("a__read_file", "b__x");
		assertThat(live.current().servers().get(0).denied()).containsExactly("write_file");
		live.removeServer("a");
		assertThat(live.current().tools()).extracting(CatalogTool::name).containsExactly("b__x");
		assertThat(live.current().servers()).extracting(ServerState::name).containsExactly("b");
	}

	@Test
	void longNamesAreShortenedToTheProviderLimitAndStayUnique() {
		String longName = "x".repeat(80);
		ToolCatalog catalog = catalog(new DeferralThreshold(0, 0),
				new FakeConnection("server", longName, longName + "y"))
			.current();

		assertThat(catalog.tools()).extracting(CatalogTool::name)
			.allSatisfy((name) -> assertThat(name).hasSizeLessThanOrEqualTo(64).matches("[A-Za-z0-9_-]+"))
			.doesNotHaveDuplicates();
	}

	@Test
	void findsTheServerOfAQualifiedNameEvenForAToolItDoesNotOffer() {
		ToolCatalog catalog = catalog(new DeferralThreshold(0, 0), new FakeConnection("fs", "a")).current();

		assertThat(catalog.serverOf("fs__nope")).get().extracting(ServerState::name).isEqualTo("fs");
		assertThat(catalog.serverOf("other__a")).isEmpty();
		assertThat(catalog.serverOf("plain")).isEmpty();
	}

	private McpToolCatalog catalog(DeferralThreshold threshold, McpServerConnection... connections) {
		return new McpToolCatalog(List.of(connections), (server) -> ServerPolicy.DEFAULT, threshold, this.tokens);
	}

}
