package io.github.lazymcp.capability;

import io.github.lazymcp.capability.CapabilityManager.CapabilityChange;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.activation.MutableClock;
import io.github.lazymcp.capability.definition.CapabilityDefinition;
import io.github.lazymcp.capability.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.definition.ServerDefinition;
import io.github.lazymcp.capability.pool.ServerPool;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.FakeConnection;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.TokenCounter;
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

	private final ServerPool servers = new ServerPool(Duration.ofSeconds(20), Duration.ofSeconds(20));

	private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

	private final McpCatalog catalog = catalog();

	@TempDir
	Path workspace;

	@AfterEach
	void closeServers() {
		this.servers.close();
	}

	@Test
	void enablingAddsTheCapabilitysToolsAndDisablingStripsThemBothIdempotently() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()));

		CapabilityChange enabled = manager.enable("notes");
		CapabilityChange again = manager.enable("notes");

		assertThat(enabled.changed()).isTrue();
		assertThat(enabled.tools()).hasSize(9).contains("memory__create_entities", "memory__read_graph");
		assertThat(again.changed()).isFalse();
		assertThat(again.enabled()).isTrue();
		assertThat(this.catalog.snapshot().tools()).hasSize(9);

		CapabilityChange disabled = manager.disable("notes");

		assertThat(disabled.changed()).isTrue();
		assertThat(disabled.tools()).hasSize(9);
		assertThat(this.catalog.snapshot().tools()).isEmpty();
		assertThat(this.servers.holders()).isEmpty();
		assertThat(manager.disable("notes").changed()).isFalse();
	}

	@Test
	void enablingOneTooManyDisablesTheLeastRecentlyUsedAndSaysSo() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()),
				capability("thinking", List.of(), thinking()), capability("files", List.of(), filesystem()));
		manager.enable("notes");
		this.clock.advance(Duration.ofSeconds(1));
		manager.enable("thinking");

		CapabilityChange files = manager.enable("files");

		assertThat(files.evicted()).isEqualTo("notes");
		assertThat(manager.isEnabled("notes")).isFalse();
		assertThat(this.catalog.snapshot().tools()).extracting(CatalogTool::server)
			.containsOnly("sequential-thinking", "filesystem");
	}

	@Test
	void aSuccessfulCallMakesItsCapabilityRecentlyUsed() {
		CapabilityManager manager = manager(2, capability("notes", List.of(), memory()),
				capability("thinking", List.of(), thinking()), capability("files", List.of(), filesystem()));
		manager.enable("notes");
		this.clock.advance(Duration.ofSeconds(1));
		manager.enable("thinking");
		this.clock.advance(Duration.ofSeconds(1));
		manager.succeeded(this.catalog.snapshot().find("memory__read_graph").orElseThrow());

		CapabilityChange files = manager.enable("files");

		assertThat(files.evicted()).isEqualTo("thinking");
		assertThat(manager.isEnabled("notes")).isTrue();
	}

	@Test
	void aServerThatCannotStartFailsItsCapabilityOnlyAndIsReported() {
		ServerDefinition broken = new ServerDefinition.Stdio("broken",
				this.workspace.resolve("no-such-server").toString(), List.of(), Map.of());
		CapabilityManager manager = manager(2, capability("broken", List.of(), broken),
				capability("notes", List.of(), memory()));

		CapabilityChange failed = manager.enable("broken");

		assertThat(failed.failed()).isTrue();
		assertThat(failed.failure()).contains("broken");
		assertThat(manager.isEnabled("broken")).isFalse();
		assertThat(manager.failure("broken")).isPresent();
		assertThat(manager.states()).first().satisfies((entry) -> assertThat(entry.state()).isEqualTo("failed"));
		assertThat(manager.enable("notes").tools()).hasSize(9);
	}

	@Test
	void capabilitiesSharingAServerKeepItUntilTheLastOneIsDisabled() {
		ServerDefinition filesystem = filesystem();
		CapabilityManager manager = manager(4, capability("read", List.of("filesystem:read_*"), filesystem),
				capability("write", List.of("filesystem:write_file", "filesystem:edit_file"), filesystem));
		List<String> reading = manager.enable("read").tools();
		manager.enable("write");
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("read", "write")));

		manager.disable("read");

		assertThat(this.catalog.snapshot().tools()).extracting(CatalogTool::name)
			.containsExactlyInAnyOrder("filesystem__write_file", "filesystem__edit_file")
			.doesNotContainAnyElementsOf(reading);
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("write")));

		manager.disable("write");

		assertThat(this.catalog.snapshot().tools()).isEmpty();
		assertThat(this.servers.holders()).isEmpty();
		assertThat(this.servers.connection("filesystem")).isEmpty();
	}

	@Test
	void aCapabilityServerMayNotShadowAConfiguredOne() {
		McpCatalog configured = new McpCatalog(List.<McpServerConnection>of(new FakeConnection("memory", "x")),
				CatalogSettings.DEFAULTS.withThreshold(0, 0), new TokenCounter());

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> new CapabilityManager(List.of(capability("notes", List.of(), memory())), this.servers,
					configured, 2, this.clock))
			.withMessageContaining("'notes' (notes.toml)")
			.withMessageContaining("MCP server 'memory'");
	}

	private CapabilityManager manager(int maxActive, CapabilityDefinition... definitions) {
		return new CapabilityManager(List.of(definitions), this.servers, this.catalog, maxActive, this.clock);
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
