package io.github.lazymcp.catalog.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.ToolCallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class McpCatalogTests {

	private final TokenCounter tokens = new TokenCounter();

	@Test
	void namesEveryToolAfterItsServerSoCollidingNamesStayApart() {
		CatalogSnapshot catalog = catalog(threshold(0, 0), new FakeConnection("filesystem", "read_file"),
				new FakeConnection("desktop-commander", "read_file"))
			.snapshot();

		assertThat(catalog.tools()).extracting(CatalogTool::name)
			.containsExactly("desktop-commander__read_file", "filesystem__read_file");
		assertThat(catalog.find("desktop-commander__read_file")).get()
			.extracting(CatalogTool::originalName)
			.isEqualTo("read_file");
	}

	@Test
	void defersNothingWhileToolsAndTokensStayUnderTheThreshold() {
		CatalogSnapshot catalog = catalog(threshold(3, 100_000), new FakeConnection("s", "a", "b", "c")).snapshot();

		assertThat(catalog.deferring()).isFalse();
		assertThat(catalog.deferred()).isEmpty();
		assertThat(catalog.eager()).hasSize(3);
	}

	@Test
	void defersWhenToolCountExceedsTheThreshold() {
		CatalogSnapshot catalog = catalog(threshold(2, 100_000), new FakeConnection("s", "a", "b", "c")).snapshot();

		assertThat(catalog.deferring()).isTrue();
		assertThat(catalog.deferred()).hasSize(3);
	}

	@Test
	void defersWhenSchemaTokensExceedTheThreshold() {
		CatalogSnapshot catalog = catalog(threshold(100, 10), new FakeConnection("s", "a")).snapshot();

		assertThat(catalog.tools().get(0).tokens()).isGreaterThan(10);
		assertThat(catalog.deferring()).isTrue();
	}

	@Test
	void pinnedToolsAreNeitherDeferredNorCountedTowardsTheThreshold() {
		McpCatalog live = new McpCatalog(List.of(new FakeConnection("s", "a", "b", "c")),
				settings(1, 100_000, new ServerSettings(true, List.of("a", "b"), List.of(), List.of(), Map.of(), null)),
				this.tokens);

		CatalogSnapshot catalog = live.snapshot();

		assertThat(catalog.deferring()).isFalse();
		assertThat(catalog.eager()).extracting(CatalogTool::name).containsExactly("s__a", "s__b", "s__c");
	}

	@Test
	void dropsDeniedToolsAndRemembersThem() {
		McpCatalog live = new McpCatalog(List.of(new FakeConnection("fs", "read_file", "write_file")),
				settings(0, 0, new ServerSettings(true, List.of(), List.of(), List.of("write_*"), Map.of(), null)),
				this.tokens);

		CatalogSnapshot catalog = live.snapshot();

		assertThat(catalog.contains("fs__write_file")).isFalse();
		assertThat(catalog.servers().get(0).denied()).containsExactly("write_file");
	}

	@Test
	void theModelSeesTheConfiguredDescription() {
		McpCatalog live = new McpCatalog(List.of(new FakeConnection("fs", "read_file")),
				settings(0, 0,
						new ServerSettings(true, List.of(), List.of(), List.of(), Map.of("read_file", "Reads."), null)),
				this.tokens);

		assertThat(live.snapshot().find("fs__read_file").orElseThrow().definition().description()).isEqualTo("Reads.");
	}

	@Test
	void aServerThatCannotListItsToolsIsReportedAndTheOthersStay() {
		CatalogSnapshot catalog = catalog(threshold(0, 0),
				new FakeConnection("dead", "x").failing(new IllegalStateException("process exited")),
				new FakeConnection("alive", "a"))
			.snapshot();

		assertThat(catalog.servers()).extracting(ServerState::name, ServerState::error)
			.containsExactly(tuple("alive", null), tuple("dead", "process exited"));
		assertThat(catalog.tools()).extracting(CatalogTool::name).containsExactly("alive__a");
	}

	@Test
	void listsServersInNameOrderWhateverOrderTheClientsCameIn() {
		CatalogSnapshot catalog = catalog(threshold(0, 0), new FakeConnection("b", "x"), new FakeConnection("a", "y"))
			.snapshot();

		assertThat(catalog.servers()).extracting(ServerState::name).containsExactly("a", "b");
	}

	@Test
	void aChangedToolListReplacesOnlyThatServerWithoutListingAgain() {
		FakeConnection one = new FakeConnection("one", "a");
		FakeConnection two = new FakeConnection("two", "b");
		McpCatalog live = catalog(threshold(0, 0), one, two);
		CatalogSnapshot before = live.snapshot();

		live.toolsChanged("two", List.of(FakeConnection.tool("b", "B."), FakeConnection.tool("c", "C.")));

		CatalogSnapshot after = live.snapshot();
		assertThat(after.version()).isGreaterThan(before.version());
		assertThat(after.tools()).extracting(CatalogTool::name).containsExactly("one__a", "two__b", "two__c");
		assertThat(one.listings()).isEqualTo(1);
		assertThat(two.listings()).isEqualTo(1);
		assertThat(after.servers()).extracting(ServerState::listChanges).containsExactly(0, 1);
	}

	@Test
	void aListingThatStartedBeforeAChangeDoesNotUndoItWhenItFinishesAfterIt() throws Exception {
		CountDownLatch listing = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		FakeConnection server = new FakeConnection("s", "a");
		McpServerConnection slow = new McpServerConnection() {

			@Override
			public String name() {
				return server.name();
			}

			@Override
			public List<McpSchema.Tool> listTools() {
				List<McpSchema.Tool> before = server.listTools();
				listing.countDown();
				await(release);
				return before;
			}

			@Override
			public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
				return server.callback(tool, qualifiedName);
			}

		};
		McpCatalog live = catalog(threshold(0, 0));
		live.snapshot();
		CompletableFuture<CatalogSnapshot> added = CompletableFuture
			.supplyAsync(() -> live.putServer(slow, (tool) -> true));
		await(listing);

		live.toolsChanged("s", List.of(FakeConnection.tool("a", "A."), FakeConnection.tool("b", "B.")));
		release.countDown();
		added.get(10, TimeUnit.SECONDS);

		assertThat(live.snapshot().tools()).extracting(CatalogTool::name).containsExactly("s__a", "s__b");
	}

	private static void await(CountDownLatch latch) {
		try {
			assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void aChangeBeforeTheFirstListingDoesNotListFromTheNotificationThread() {
		FakeConnection one = new FakeConnection("one", "a");
		McpCatalog live = catalog(threshold(0, 0), one);

		live.toolsChanged("one", List.of(FakeConnection.tool("z", "Z.")));

		assertThat(one.listings()).isZero();
		assertThat(live.snapshot().tools()).extracting(CatalogTool::name).containsExactly("one__a");
	}

	@Test
	void serversAddedAtRunTimeKeepOnlyTheToolsTheirFilterAllowsAndCanBeRemoved() {
		McpCatalog live = catalog(threshold(0, 0), new FakeConnection("b", "x"));

		live.putServer(new FakeConnection("a", "read_file", "write_file"), (tool) -> tool.startsWith("read"));

		assertThat(live.snapshot().tools()).extracting(CatalogTool::name).containsExactly("a__read_file", "b__x");
		assertThat(live.snapshot().servers().get(0).denied()).containsExactly("write_file");
		live.removeServer("a");
		assertThat(live.snapshot().tools()).extracting(CatalogTool::name).containsExactly("b__x");
		assertThat(live.snapshot().servers()).extracting(ServerState::name).containsExactly("b");
	}

	@Test
	void longNamesAreShortenedToTheProviderLimitAndStayUnique() {
		String longName = "x".repeat(80);
		CatalogSnapshot catalog = catalog(threshold(0, 0), new FakeConnection("server", longName, longName + "y"))
			.snapshot();

		assertThat(catalog.tools()).extracting(CatalogTool::name)
			.allSatisfy((name) -> assertThat(name).hasSizeLessThanOrEqualTo(64).matches("[A-Za-z0-9_-]+"))
			.doesNotHaveDuplicates();
	}

	@Test
	void findsTheServerOfAQualifiedNameEvenForAToolItDoesNotOffer() {
		CatalogSnapshot catalog = catalog(threshold(0, 0), new FakeConnection("fs", "a")).snapshot();

		assertThat(catalog.serverOf("fs__nope")).get().extracting(ServerState::name).isEqualTo("fs");
		assertThat(catalog.serverOf("other__a")).isEmpty();
		assertThat(catalog.serverOf("plain")).isEmpty();
	}

	private McpCatalog catalog(CatalogSettings settings, McpServerConnection... connections) {
		return new McpCatalog(List.of(connections), settings, this.tokens);
	}

	private static CatalogSettings threshold(int tools, int tokens) {
		return CatalogSettings.DEFAULTS.withThreshold(tools, tokens);
	}

	/** Every server under the same policy. */
	private static CatalogSettings settings(int tools, int tokens, ServerSettings policy) {
		return new CatalogSettings(tools, tokens, Map.of("s", policy, "fs", policy));
	}

}
