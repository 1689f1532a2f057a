package io.github.lazymcp.capability.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.MutableClock;
import io.github.lazymcp.activation.SessionRecord;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.CapabilityChange;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.capability.internal.pool.Pools;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link CapabilityManager} with the real npm MCP servers behind it: what
 * enabling and disabling does to the catalog, the cap with least-recently-used eviction,
 * shared servers and servers that cannot start.
 */
class CapabilityManagerTests {

	private final ServerPool servers = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20));

	private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

	private final McpCatalog catalog = catalog();

	private final SessionStore sessions = SessionStore
		.inMemory(new SessionSettings(24, 100, Duration.ofHours(1), Duration.ofMinutes(1)), this.clock);

	private final ToolSession session = this.sessions.session("one");

	@TempDir
	Path workspace;

	@AfterEach
	void closeServers() {
		this.servers.close();
	}

	@Test
	void enablingAddsTheCapabilitysToolsAndDisablingStripsThemBothIdempotently() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()));

		CapabilityChange enabled = manager.enable("notes", this.session);
		CapabilityChange again = manager.enable("notes", this.session);

		assertThat(enabled.changed()).isTrue();
		assertThat(enabled.tools()).hasSize(9).contains("memory__create_entities", "memory__read_graph");
		assertThat(again.changed()).isFalse();
		assertThat(again.enabled()).isTrue();
		assertThat(this.catalog.snapshot().tools()).hasSize(9);

		CapabilityChange disabled = manager.disable("notes", this.session);

		assertThat(disabled.changed()).isTrue();
		assertThat(disabled.tools()).hasSize(9);
		assertThat(this.catalog.snapshot().tools()).isEmpty();
		assertThat(this.servers.holders()).isEmpty();
		assertThat(manager.disable("notes", this.session).changed()).isFalse();
	}

	@Test
	void enablingAndDisablingLogTheConversationsIdAtDebugOnly() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()));
		ToolSession conversation = this.sessions.session("conversation-of-ann-4711");

		try (LogEvents logs = LogEvents.of(CapabilityManager.class)) {
			manager.enable("notes", conversation);
			manager.disable("notes", conversation);

			assertThat(logs.atOrAbove(Level.INFO)).containsExactly(
					"INFO " + CapabilityManager.class.getName()
							+ " - Enabled capability 'notes' (9 tools) in a conversation",
					"INFO " + CapabilityManager.class.getName() + " - Disabled capability 'notes' in a conversation");
			assertThat(logs.below(Level.INFO)).hasSize(2)
				.allSatisfy((line) -> assertThat(line).contains("conversation-of-ann-4711"));
		}
	}

	@Test
	void enablingOneTooManyDisablesTheLeastRecentlyUsedAndSaysSo() {
		CapabilityWing wing = wing(2, capability("notes", List.of(), memory()),
				capability("thinking", List.of(), thinking()), capability("files", List.of(), filesystem()));
		CapabilityManager manager = wing.manager();
		manager.enable("notes", this.session);
		this.clock.advance(Duration.ofSeconds(1));
		manager.enable("thinking", this.session);

		CapabilityChange files = manager.enable("files", this.session);

		assertThat(files.evicted()).isEqualTo("notes");
		assertThat(manager.isEnabled("notes", this.session.state())).isFalse();
		assertThat(this.catalog.snapshot().tools()).extracting(CatalogTool::server)
			.containsOnly("sequential-thinking", "filesystem");
	}

	@Test
	void aSuccessfulCallMakesItsCapabilityRecentlyUsed() {
		CapabilityWing wing = wing(2, capability("notes", List.of(), memory()),
				capability("thinking", List.of(), thinking()), capability("files", List.of(), filesystem()));
		CapabilityManager manager = wing.manager();
		manager.enable("notes", this.session);
		this.clock.advance(Duration.ofSeconds(1));
		manager.enable("thinking", this.session);
		this.clock.advance(Duration.ofSeconds(1));
		this.session.touch("memory__read_graph",
				wing.filter().of(this.catalog.snapshot().find("memory__read_graph").orElseThrow()));

		CapabilityChange files = manager.enable("files", this.session);

		assertThat(files.evicted()).isEqualTo("thinking");
		assertThat(manager.isEnabled("notes", this.session.state())).isTrue();
	}

	@Test
	void aServerThatCannotStartFailsItsCapabilityOnlyAndIsReported() {
		ServerDefinition broken = new ServerDefinition.Stdio("broken",
				this.workspace.resolve("no-such-server").toString(), List.of(), Map.of());
		CapabilityWing wing = wing(2, capability("broken", List.of(), broken),
				capability("notes", List.of(), memory()));
		CapabilityManager manager = wing.manager();

		CapabilityChange failed = manager.enable("broken", this.session);

		assertThat(failed.failed()).isTrue();
		assertThat(failed.failure()).contains("broken");
		assertThat(manager.isEnabled("broken", this.session.state())).isFalse();
		assertThat(manager.failure("broken")).isPresent();
		assertThat(wing.states()).first().satisfies((entry) -> assertThat(entry.state()).isEqualTo("failed"));
		assertThat(manager.enable("notes", this.session).tools()).hasSize(9);
	}

	@Test
	void capabilitiesSharingAServerKeepItUntilTheLastOneIsDisabled() {
		ServerDefinition filesystem = filesystem();
		CapabilityManager manager = manager(4, capability("read", List.of("filesystem:read_*"), filesystem),
				capability("write", List.of("filesystem:write_file", "filesystem:edit_file"), filesystem));
		List<String> reading = manager.enable("read", this.session).tools();
		manager.enable("write", this.session);
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("one/read", "one/write")));

		manager.disable("read", this.session);

		assertThat(this.catalog.snapshot().tools()).extracting(CatalogTool::name)
			.containsExactlyInAnyOrder("filesystem__write_file", "filesystem__edit_file")
			.doesNotContainAnyElementsOf(reading);
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("one/write")));

		manager.disable("write", this.session);

		assertThat(this.catalog.snapshot().tools()).isEmpty();
		assertThat(this.servers.holders()).isEmpty();
		assertThat(this.servers.connection("filesystem")).isEmpty();
	}

	@Test
	void aCapabilityServerMayNotShadowAConfiguredOne() {
		McpCatalog configured = new McpCatalog(List.<McpServerConnection>of(new FakeConnection("memory", "x")),
				CatalogSettings.DEFAULTS.withThreshold(0, 0), new TokenCounter());

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> CapabilityWing.manager(List.of(capability("notes", List.of(), memory())), this.servers,
					configured, 2, AccessPolicies.NONE, CapabilityWing.toolchains()))
			.withMessageContaining("'notes' (notes.toml)")
			.withMessageContaining("MCP server 'memory'");
	}

	@Test
	void oneConversationsCapabilitiesAreNotAnothers() {
		CapabilityWing wing = wing(2, capability("notes", List.of(), memory()),
				capability("files", List.of(), filesystem()));
		CapabilityManager manager = wing.manager();
		ToolSession other = this.sessions.session("two");
		manager.enable("notes", this.session);
		manager.enable("files", other);

		CatalogTool readGraph = this.catalog.snapshot().find("memory__read_graph").orElseThrow();
		CatalogTool readFile = this.catalog.snapshot().find("filesystem__read_text_file").orElseThrow();
		assertThat(wing.filter().hidden(this.session, this.session.state(), readGraph)).isNull();
		assertThat(wing.filter().hidden(other, other.state(), readGraph)).contains("not enabled");
		assertThat(wing.filter().hidden(this.session, this.session.state(), readFile)).contains("not enabled");
		assertThat(this.session.tools().names()).contains("memory__read_graph")
			.doesNotContain("filesystem__read_text_file");
		assertThat(other.tools().names()).contains("filesystem__read_text_file").doesNotContain("memory__read_graph");

		manager.disable("notes", this.session);

		assertThat(this.servers.holders()).containsOnlyKeys("filesystem");
		assertThat(manager.isEnabled("files", other.state())).isTrue();
		assertThat(other.tools().names()).contains("filesystem__read_text_file");
	}

	@Test
	void aServerTwoConversationsHoldStaysUntilBothLetGo() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()));
		ToolSession other = this.sessions.session("two");
		manager.enable("notes", this.session);
		McpServerConnection first = this.servers.connection("memory").orElseThrow();
		manager.enable("notes", other);

		assertThat(this.servers.connection("memory")).containsSame(first);
		assertThat(this.servers.holders()).isEqualTo(Map.of("memory", Set.of("one/notes", "two/notes")));

		manager.disable("notes", this.session);

		assertThat(this.servers.connection("memory")).containsSame(first);
		assertThat(manager.isEnabled("notes", other.state())).isTrue();

		manager.disable("notes", other);

		assertThat(this.servers.connection("memory")).isEmpty();
	}

	@Test
	void aConversationEvictsOnlyItsOwnLeastRecentlyUsedCapability() {
		CapabilityManager manager = manager(1, capability("notes", List.of(), memory()),
				capability("files", List.of(), filesystem()));
		ToolSession other = this.sessions.session("two");
		manager.enable("notes", other);
		manager.enable("notes", this.session);

		CapabilityChange files = manager.enable("files", this.session);

		assertThat(files.evicted()).isEqualTo("notes");
		assertThat(manager.isEnabled("notes", this.session.state())).isFalse();
		assertThat(manager.isEnabled("notes", other.state())).isTrue();
		assertThat(this.servers.holders()).containsEntry("memory", Set.of("two/notes"));
	}

	@Test
	void aUsedUpConnectionBudgetRefusesTheEnablingConversationOnlyAndSaysWhich() {
		try (ServerPool small = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20), 1, Duration.ZERO,
				this.clock)) {
			CapabilityManager manager = CapabilityWing.manager(
					List.of(capability("notes", List.of(), memory()), capability("files", List.of(), filesystem())),
					small, this.catalog, 2, AccessPolicies.NONE, CapabilityWing.toolchains());
			ToolSession other = this.sessions.session("two");
			manager.enable("notes", this.session);

			CapabilityChange refused = manager.enable("files", other);

			assertThat(refused.failed()).isTrue();
			assertThat(refused.failure()).contains("tools.lazy-mcp.capabilities.max-connections", "1 MCP servers");
			assertThat(manager.isEnabled("notes", this.session.state())).isTrue();
			assertThat(small.holders()).containsOnlyKeys("memory");
			assertThat(this.session.tools().names()).contains("memory__read_graph");
		}
	}

	@Test
	void aServerNoOneHoldsRunsOnForTheIdleTimeoutThenStops() {
		try (ServerPool lingering = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20), 4, Duration.ofMinutes(5),
				this.clock)) {
			CapabilityManager manager = CapabilityWing.manager(List.of(capability("notes", List.of(), memory())),
					lingering, this.catalog, 2, AccessPolicies.NONE, CapabilityWing.toolchains());
			manager.enable("notes", this.session);
			manager.disable("notes", this.session);

			assertThat(lingering.connection("memory")).isPresent();
			assertThat(this.catalog.snapshot().tools()).isEmpty();
			assertThat(lingering.closeIdle()).isEmpty();

			this.clock.advance(Duration.ofMinutes(5));

			assertThat(lingering.closeIdle()).containsExactly("memory");
			assertThat(lingering.connection("memory")).isEmpty();
		}
	}

	@Test
	void aConversationKeepsItsToolsWhenAnotherConversationMakesTheCatalogDeferThem() {
		// A gate of 10 tools: the files capability's read tools are under it, with the
		// notes
		// capability's nine memory tools they are over it.
		McpCatalog shared = new McpCatalog(List.of(), CatalogSettings.DEFAULTS.withThreshold(10, 10_000),
				new TokenCounter());
		CapabilityWing wing = CapabilityWing.of(
				List.of(capability("files", List.of("filesystem:read_*"), filesystem()),
						capability("notes", List.of(), memory())),
				this.servers, shared, 2, AccessPolicies.NONE, CapabilityWing.toolchains());
		CapabilityManager manager = wing.manager();
		ToolSession other = this.sessions.session("other");

		manager.enable("files", this.session);
		assertThat(shared.snapshot().deferring()).isFalse();
		manager.enable("notes", other);

		assertThat(shared.snapshot().deferring()).isTrue();
		assertThat(this.session.tools().names()).contains("filesystem__read_text_file")
			.noneMatch((name) -> name.startsWith("memory__"));
		assertThat(wing.room().isActiveIn("files", this.session, this.session.state())).isTrue();
	}

	@Test
	void enablingWouldEvictAnotherCapabilityWhenItsToolsDoNotFitBesideItsOrTheCapIsReached() {
		CapabilityWing wing = wing(2, capability("notes", List.of(), memory()),
				capability("thinking", List.of(), thinking()), capability("files", List.of(), filesystem()));
		ToolSession small = SessionStore
			.inMemory(new SessionSettings(12, 100, Duration.ofHours(1), Duration.ofMinutes(1)), this.clock)
			.session("small");
		CapabilityManager manager = wing.manager();

		assertThat(wing.room().wouldEvictAnother("notes", small, small.state())).as("nothing is enabled").isFalse();
		manager.enable("notes", small);
		assertThat(wing.room().wouldEvictAnother("notes", small, small.state())).as("its own tools").isFalse();
		assertThat(wing.room().wouldEvictAnother("thinking", small, small.state()))
			.as("one tool, not listed yet, fits beside nine in twelve")
			.isFalse();
		manager.enable("files", this.session);
		assertThat(wing.room().wouldEvictAnother("files", small, small.state()))
			.as("the files tools, listed for another conversation, do not fit in the three places left")
			.isTrue();
		manager.enable("thinking", small);
		assertThat(wing.room().wouldEvictAnother("files", small, small.state())).as("two capabilities is the cap")
			.isTrue();
		assertThat(wing.room().wouldEvictAnother("files", this.session, this.session.state()))
			.as("enabled in the other conversation, alone")
			.isFalse();
	}

	@Test
	void enablingWhileTheSessionStoreIsAwayChangesNothingAndHoldsNoServer() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()));

		assertThatExceptionOfType(SessionStoreException.class)
			.isThrownBy(() -> manager.enable("notes", unreachableSession()));

		assertThat(this.servers.holders()).isEmpty();
		assertThat(this.catalog.snapshot().tools()).isEmpty();
	}

	@Test
	void theCapabilityToolAnswersWithAnErrorResultWhileTheSessionStoreIsAway() {
		CapabilityTool tool = wing(2, capability("notes", List.of(), memory())).tool(this.sessions);

		String result = tool.call("{\"action\": \"enable\", \"name\": \"notes\"}",
				LazyMcpRequest.toolContext(unreachableSession()));

		assertThat(result).contains("\"error\"", "cannot be read or written right now", "nothing changed");
		assertThat(this.servers.holders()).isEmpty();
	}

	/** A session whose store cannot be reached: every read and write fails. */
	private ToolSession unreachableSession() {
		return ToolSession.of("away", 24, this.clock, new SessionRecord() {

			@Override
			public SessionState read() {
				throw new SessionStoreException("the session database is away", new IllegalStateException());
			}

			@Override
			public <R> R update(Function<SessionState, Update<R>> change) {
				throw new SessionStoreException("the session database is away", new IllegalStateException());
			}

		});
	}

	private CapabilityManager manager(int maxActive, CapabilityDefinition... definitions) {
		return wing(maxActive, definitions).manager();
	}

	private CapabilityWing wing(int maxActive, CapabilityDefinition... definitions) {
		return CapabilityWing.of(List.of(definitions), this.servers, this.catalog, maxActive, AccessPolicies.NONE,
				CapabilityWing.toolchains());
	}

	private static McpCatalog catalog() {
		return new McpCatalog(List.of(), CatalogSettings.DEFAULTS.withThreshold(0, 0), new TokenCounter());
	}

	private static CapabilityDefinition capability(String name, List<String> allowedTools,
			ServerDefinition... servers) {
		return new CapabilityDefinition(name, name, List.of(name), allowedTools, List.of(servers), name + ".toml");
	}

	private ServerDefinition memory() {
		return McpServerBins.memory(this.workspace.resolve("memory.jsonl"));
	}

	private static ServerDefinition thinking() {
		return new ServerDefinition.Stdio("sequential-thinking", McpServerBins.bin("mcp-server-sequential-thinking"),
				List.of(), Map.of());
	}

	private ServerDefinition filesystem() {
		return McpServerBins.filesystem(this.workspace);
	}

}
