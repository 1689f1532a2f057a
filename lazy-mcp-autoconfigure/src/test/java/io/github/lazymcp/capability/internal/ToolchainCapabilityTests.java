package io.github.lazymcp.capability.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.CapabilityChange;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.NpmPackage;
import io.github.lazymcp.capability.internal.pool.Pools;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.policy.internal.AccessPolicies;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Toolchain capabilities in {@link CapabilityManager}: an install runs outside the lock
 * and holds up no other conversation, and a failed install leaves nothing
 * half-registered. The packages come from the npm registry through the real npm; the real
 * memory server backs the server capability.
 */
class ToolchainCapabilityTests {

	private final ServerPool servers = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20));

	private final McpCatalog catalog = new McpCatalog(List.of(), CatalogSettings.DEFAULTS.withThreshold(0, 0),
			new TokenCounter());

	private final SessionStore sessions = SessionStore.inMemory(
			new SessionSettings(24, 100, Duration.ofHours(1), Duration.ofMinutes(1)), java.time.Clock.systemUTC());

	@TempDir
	Path dir;

	@AfterEach
	void closeServers() {
		this.servers.close();
	}

	@Test
	void anInstallInOneConversationDoesNotHoldUpAnother() throws Exception {
		Path started = this.dir.resolve("started");
		Path gate = this.dir.resolve("gate");
		// The real npm, behind a wrapper that says when it starts and waits for the gate.
		List<String> npm = List.of("sh", "-c",
				"touch '%s'; while [ ! -e '%s' ]; do sleep 0.05; done; exec npm \"$@\"".formatted(started, gate),
				"npm");
		CapabilityManager manager = manager(new Toolchains(this.dir.resolve("cache"), true, Duration.ofMinutes(2), npm),
				toolchain("numbers", "is-number@7.0.0"), notes());
		ToolSession installing = this.sessions.session("installing");
		ToolSession other = this.sessions.session("other");

		CompletableFuture<CapabilityChange> install = CompletableFuture
			.supplyAsync(() -> manager.enable("numbers", installing));
		awaitFile(started);
		CapabilityChange notes = manager.enable("notes", other);

		assertThat(notes.enabled()).isTrue();
		assertThat(notes.tools()).contains("memory__read_graph");
		assertThat(install).isNotDone();
		Files.createFile(gate);
		CapabilityChange numbers = install.get(2, TimeUnit.MINUTES);
		assertThat(numbers.enabled()).isTrue();
		assertThat(numbers.tools()).isEmpty();
		assertThat(manager.isEnabled("numbers", installing.state())).isTrue();
		assertThat(manager.packages("numbers")).containsEntry("is-number@7.0.0",
				this.dir.resolve("cache/npm/is-number@7.0.0").toString());
	}

	@Test
	void aFailedInstallIsReportedAndLeavesNothingHalfRegistered() {
		CapabilityWing wing = wing(new Toolchains(this.dir.resolve("cache"), true, Duration.ofMinutes(2)),
				toolchain("numbers", "is-number@999.0.0"));
		CapabilityManager manager = wing.manager();
		ToolSession session = this.sessions.session("one");

		CapabilityChange change = manager.enable("numbers", session);

		assertThat(change.failed()).isTrue();
		assertThat(change.failure()).startsWith("installing npm package is-number@999.0.0 failed, nothing was kept");
		assertThat(manager.isEnabled("numbers", session.state())).isFalse();
		assertThat(session.capabilities().names()).isEmpty();
		assertThat(manager.failure("numbers")).contains(change.failure());
		assertThat(wing.states()).singleElement().satisfies((state) -> assertThat(state.state()).isEqualTo("failed"));
		assertThat(this.dir.resolve("cache/npm")).isEmptyDirectory();
	}

	@Test
	void withInstallsOffEnablingNamesTheMissingPackageAndTheProperty() {
		CapabilityManager manager = manager(new Toolchains(this.dir.resolve("cache"), false, Duration.ofMinutes(2)),
				toolchain("numbers", "is-number@7.0.0"));

		CapabilityChange change = manager.enable("numbers", this.sessions.session("one"));

		assertThat(change.failure()).isEqualTo("missing npm packages is-number@7.0.0; installing software at run "
				+ "time is off: an operator can set tools.lazy-mcp.capabilities.install-deps=true to install them, or "
				+ "install them beforehand");
		assertThat(this.dir.resolve("cache")).doesNotExist();
	}

	private CapabilityManager manager(Toolchains toolchains, CapabilityDefinition... definitions) {
		return wing(toolchains, definitions).manager();
	}

	private CapabilityWing wing(Toolchains toolchains, CapabilityDefinition... definitions) {
		return CapabilityWing.of(List.of(definitions), this.servers, this.catalog, 4, AccessPolicies.NONE, toolchains);
	}

	private static CapabilityDefinition toolchain(String name, String spec) {
		return new CapabilityDefinition(name, name, List.of(name), List.of(), List.of(),
				List.of(NpmPackage.parse(spec)), CapabilityDefinition.DEFAULT_PROVIDER, List.of(), name + ".toml");
	}

	private CapabilityDefinition notes() {
		return new CapabilityDefinition("notes", "notes", List.of("notes"), List.of(),
				List.of(McpServerBins.memory(this.dir.resolve("memory.jsonl"))), "notes.toml");
	}

	private static void awaitFile(Path file) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!Files.exists(file)) {
			assertThat(System.nanoTime()).as("%s appears", file).isLessThan(deadline);
			Thread.sleep(20);
		}
	}

}
