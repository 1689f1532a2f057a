package io.github.lazymcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.McpServerBins;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.UserTurn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The listeners told at the start of a user turn, in the order lazy-mcp runs them, with a
 * capability whose server is the real sequential-thinking MCP server.
 */
class TurnStartListenersTests {

	private static final List<String> FOUND = List.of("fs__read_file", "fs__write_file", "fs__list_directory",
			"fs__move_file");

	@TempDir
	Path capabilities;

	private LazyMcp lazyMcp;

	@AfterEach
	void close() {
		if (this.lazyMcp != null) {
			this.lazyMcp.close();
		}
	}

	/*
	 * The soak's lost activation: a full session of tools the model found and two
	 * attached, unused guesses, one of them the tool of a capability the turn's words
	 * call for again. Run after attach, auto-activation re-activated the guess attach had
	 * just replaced and evicted the least recently used found tool to make room.
	 */
	@Test
	void attachNeverCausesTheEvictionOfAFoundToolWhenACapabilityIsAutoActivatedAgain() throws IOException {
		this.lazyMcp = build(
				new FakeConnection("fs", "read_file", "write_file", "list_directory", "move_file", "get_file_info")
					.with("plan_migration", "Plan the migration one step at a time.")
					.with("migration_steps", "The steps of the migration, one step at a time."));
		assertThat(this.lazyMcp.searchable()).succeedsWithin(Duration.ofSeconds(30));
		ToolSession session = this.lazyMcp.sessions().session("c-1");
		CapabilityManager manager = LazyMcpFixtures.parts(this.lazyMcp).capabilities();
		manager.enable("thinking", session);
		String failure = String.valueOf(manager.failure("thinking"));
		assertThat(manager.isEnabled("thinking", session.state())).as(failure).isTrue();
		String thought = manager.toolsOf("thinking").get(0);
		// The capability stays enabled; its tool comes back as an attached guess, after
		// the tools the model found, so that the first of those is the least recently
		// used.
		session.reset();
		session.activate(FOUND);
		session.attach(List.of(thought, "fs__get_file_info"), Set.of());
		assertThat(session.state().tools().size()).isEqualTo(session.cap());
		assertThat(session.state().tools().tentative(thought)).isTrue();

		LazyMcpFixtures.turnStarted(this.lazyMcp, session, UserTurn.first("Plan the migration one step at a time."));

		assertThat(session.state().tools().names()).containsAll(FOUND)
			.contains("fs__plan_migration", "fs__migration_steps");
	}

	private LazyMcp build(FakeConnection connection) throws IOException {
		Files.writeString(this.capabilities.resolve("thinking.toml"), """
				name = "thinking"
				description = "Think through a hard problem step by step"
				triggers = ["think this through step by step", "break the problem down before answering",
				  "reason carefully about the trade-offs", "plan the migration one step at a time"]

				[[mcp.servers]]
				name = "sequential-thinking"
				command = "%s"
				""".formatted(McpServerBins.bin("mcp-server-sequential-thinking")));
		CapabilitySettings defaults = CapabilitySettings.DEFAULTS;
		return LazyMcp.builder()
			.connections(List.of(connection))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.embedding(EmbeddingSettings.DEFAULTS.withCacheDirectory(null))
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(true).withK(2))
			.sessions(SessionSettings.DEFAULTS.withMaxActiveSchemas(FOUND.size() + 2))
			.capabilities(new CapabilitySettings(List.of("file:" + this.capabilities), defaults.maxActive(),
					defaults.maxConnections(), defaults.maxConnectionsPerIdentity(), defaults.idleTimeout(),
					defaults.initTimeout(), defaults.requestTimeout(), true, defaults.gate(), List.of(), false,
					List.of(), Map.of(), defaults.installs()))
			.build();
	}

}
