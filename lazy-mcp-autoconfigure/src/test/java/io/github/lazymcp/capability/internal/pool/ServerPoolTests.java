package io.github.lazymcp.capability.internal.pool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.lazymcp.capability.internal.McpServerBins;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.execution.ToolExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link ServerPool} against the real npm MCP servers. Processes are told apart
 * by the unique temporary folder each filesystem server is given.
 */
class ServerPoolTests {

	private final ServerPool servers = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20));

	@TempDir
	Path workspace;

	@AfterEach
	void closeServers() {
		this.servers.close();
	}

	@Test
	void acquiringAServerConnectsItAndListsItsRealTools() {
		ServerDefinition memory = McpServerBins.memory(this.workspace.resolve("memory.jsonl"));
		McpServerConnection connection = connected(this.servers.acquire("notes", memory), true);
		assertThat(connection.name()).isEqualTo("memory");
		assertThat(connection.listTools()).extracting(McpSchema.Tool::name)
			.hasSize(9)
			.contains("create_entities", "read_graph", "search_nodes");
		assertThat(this.servers.holders()).isEqualTo(Map.of("memory", Set.of("notes")));
	}

	@Test
	void connectingAndDisconnectingAreObservedWithTheServerAndOutcome() {
		List<Observation.Context> observed = new java.util.concurrent.CopyOnWriteArrayList<>();
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig().observationHandler(new ObservationHandler<Observation.Context>() {

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

			@Override
			public void onStop(Observation.Context context) {
				observed.add(context);
			}

		});
		try (ServerPool observedPool = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20), 4, Duration.ZERO,
				java.time.Clock.systemUTC(), registry)) {
			connected(observedPool.acquire("notes", McpServerBins.memory(this.workspace.resolve("memory.jsonl"))),
					true);
			observedPool.release("notes", "memory");
			observedPool.acquire("broken",
					new ServerDefinition.Stdio("broken", "/no/such/server", List.of(), Map.of()));
		}

		assertThat(observed)
			.extracting(Observation.Context::getName,
					(context) -> context.getLowCardinalityKeyValue("server").getValue())
			.containsExactly(org.assertj.core.groups.Tuple.tuple("lazy.mcp.capability.connect", "memory"),
					org.assertj.core.groups.Tuple.tuple("lazy.mcp.capability.disconnect", "memory"),
					org.assertj.core.groups.Tuple.tuple("lazy.mcp.capability.connect", "broken"));
		assertThat(observed.get(0).getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("connected");
		assertThat(observed.get(2).getLowCardinalityKeyValue("outcome").getValue()).isEqualTo("failed");
	}

	@Test
	void capabilitiesSharingAServerShareOneProcess() {
		ServerDefinition filesystem = McpServerBins.filesystem(this.workspace);
		McpServerConnection first = connected(this.servers.acquire("files", filesystem), true);
		McpServerConnection second = connected(this.servers.acquire("search", filesystem), false);
		assertThat(second).isSameAs(first);
		assertThat(processesServing(this.workspace)).isEqualTo(1);
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("files", "search")));
	}

	@Test
	void capabilitiesRacingForOneServerStartOneProcess() throws Exception {
		ServerDefinition filesystem = McpServerBins.filesystem(this.workspace);
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(4);
		List<Future<ServerAcquisition>> acquisitions = new ArrayList<>();
		for (String capability : List.of("a", "b", "c", "d")) {
			acquisitions.add(pool.submit(() -> {
				start.await();
				return this.servers.acquire(capability, filesystem);
			}));
		}
		start.countDown();
		pool.shutdown();
		List<ServerAcquisition.Connected> connected = new ArrayList<>();
		for (Future<ServerAcquisition> acquisition : acquisitions) {
			connected.add((ServerAcquisition.Connected) acquisition.get());
		}
		assertThat(connected).filteredOn(ServerAcquisition.Connected::started).hasSize(1);
		assertThat(connected).extracting(ServerAcquisition.Connected::connection)
			.containsOnly(connected.get(0).connection());
		assertThat(processesServing(this.workspace)).isEqualTo(1);
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("a", "b", "c", "d")));
	}

	@Test
	void releasingOneHolderKeepsTheServerAndReleasingTheLastStopsIt() throws IOException {
		Files.writeString(this.workspace.resolve("notes.txt"), "The secret word is pelican.\n");
		ServerDefinition filesystem = McpServerBins.filesystem(this.workspace);
		McpServerConnection connection = connected(this.servers.acquire("files", filesystem), true);
		this.servers.acquire("search", filesystem);
		ToolCallback read = callback(connection, "read_text_file");

		assertThat(this.servers.release("files", "filesystem")).isFalse();
		assertThat(read.call("{\"path\": \"%s\"}".formatted(this.workspace.resolve("notes.txt")))).contains("pelican");

		assertThat(this.servers.release("search", "filesystem")).isTrue();
		assertThat(this.servers.connection("filesystem")).isEmpty();
		assertThat(processesServing(this.workspace)).isZero();
		assertThatIllegalStateException().isThrownBy(connection::listTools)
			.withMessage("MCP server 'filesystem' was disconnected");
		assertThatExceptionOfType(ToolExecutionException.class).isThrownBy(() -> read.call("{}"));
		assertThat(processesServing(this.workspace)).as("a call after release must not restart the server").isZero();
	}

	@Test
	void releasingAServerTheCapabilityDoesNotHoldChangesNothing() {
		this.servers.acquire("files", McpServerBins.filesystem(this.workspace));
		assertThat(this.servers.release("search", "filesystem")).isFalse();
		assertThat(this.servers.release("files", "memory")).isFalse();
		assertThat(this.servers.connection("filesystem")).isPresent();
	}

	@Test
	void releaseAllStopsTheServersOnlyThatCapabilityHeld() {
		ServerDefinition shared = McpServerBins.filesystem(this.workspace);
		ServerDefinition own = new ServerDefinition.Stdio("thinking",
				McpServerBins.bin("mcp-server-sequential-thinking"), List.of(), Map.of());
		this.servers.acquire("files", shared);
		this.servers.acquire("files", own);
		this.servers.acquire("search", shared);
		assertThat(this.servers.release("files", "filesystem")).isFalse();
		assertThat(this.servers.release("files", "thinking")).isTrue();
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("search")));
	}

	@Test
	void aServerWhoseCommandDoesNotExistFailsAndNothingIsKept() {
		ServerDefinition missing = new ServerDefinition.Stdio("ghost", "no-such-mcp-server-command", List.of(),
				Map.of());
		ServerDefinition missingPath = new ServerDefinition.Stdio("ghost", "./no/such/mcp-server", List.of(), Map.of());
		assertThat(this.servers.acquire("files", missing)).isEqualTo(new ServerAcquisition.Failed("ghost",
				"cannot start: 'no-such-mcp-server-command' was not found on PATH"));
		assertThat(this.servers.acquire("files", missingPath)).isInstanceOfSatisfying(ServerAcquisition.Failed.class,
				(failed) -> assertThat(failed.reason())
					.startsWith("cannot start: './no/such/mcp-server' is not an executable file"));
		assertThat(this.servers.holders()).isEmpty();
		assertThat(this.servers.connection("ghost")).isEmpty();
	}

	@Test
	void aServerThatExitsWhileStartingFailsWithWhatItPrintedAndLeavesNoProcess() {
		Path absent = this.workspace.resolve("absent");
		// Long enough for node to start and print its error on a busy build machine; the
		// handshake fails when the process ends, not when this time has run out.
		try (ServerPool impatient = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20))) {
			ServerAcquisition acquisition = impatient.acquire("files", McpServerBins.filesystem(absent));
			assertThat(acquisition).isInstanceOfSatisfying(ServerAcquisition.Failed.class, (failed) -> {
				assertThat(failed.reason()).contains("The MCP server's process exited with code 1 before it answered")
					.doesNotContain("no answer to the MCP handshake");
				assertThat(failed.reason()).contains("None of the specified directories are accessible");
			});
			assertThat(impatient.holders()).isEmpty();
		}
		assertThat(processesServing(absent)).isZero();
	}

	@Test
	void aServerThatNeverAnswersIsStoppedWhenTheHandshakeTimesOut() {
		ServerDefinition mute = new ServerDefinition.Stdio("mute", "node",
				List.of("-e", "setInterval(() => {}, 1000)", this.workspace.toString()), Map.of());
		try (ServerPool impatient = Pools.pool(Duration.ofSeconds(2), Duration.ofSeconds(2))) {
			assertThat(impatient.acquire("files", mute)).isInstanceOf(ServerAcquisition.Failed.class);
			assertThat(impatient.holders()).isEmpty();
			assertThat(processesServing(this.workspace)).isZero();
		}
	}

	@Test
	void closingStopsEveryServerAndRefusesNewOnes() {
		this.servers.acquire("files", McpServerBins.filesystem(this.workspace));
		this.servers.acquire("search", McpServerBins.filesystem(this.workspace));
		this.servers.close();
		assertThat(processesServing(this.workspace)).isZero();
		assertThat(this.servers.holders()).isEmpty();
		assertThat(this.servers.acquire("files", McpServerBins.filesystem(this.workspace)))
			.isEqualTo(new ServerAcquisition.Failed("filesystem", "the capability servers are closed"));
	}

	@Test
	void aSecondDefinitionUnderAConnectedNameIsRefused(@TempDir Path other) {
		this.servers.acquire("files", McpServerBins.filesystem(this.workspace));
		ServerAcquisition clash = this.servers.acquire("search", McpServerBins.filesystem(other));
		assertThat(clash).isInstanceOfSatisfying(ServerAcquisition.Failed.class, (failed) -> assertThat(failed.reason())
			.startsWith("a different server named 'filesystem' is already connected"));
		assertThat(processesServing(other)).isZero();
		assertThat(this.servers.holders()).isEqualTo(Map.of("filesystem", Set.of("files")));
	}

	@Test
	void capabilitiesLoadedFromFilesShareTheirCommonServerAndFilterItsTools() throws IOException {
		String server = """

				[[mcp.servers]]
				name = "filesystem"
				command = "%s"
				args = ["%s"]
				""".formatted(McpServerBins.bin("mcp-server-filesystem"), this.workspace);
		Path dir = Files.createDirectories(this.workspace.resolve("capabilities"));
		Files.writeString(dir.resolve("read.toml"), """
				name = "read"
				description = "Read files"
				triggers = ["read a file"]
				allowed_tools = ["filesystem:read_*"]
				""" + server);
		Files.writeString(dir.resolve("write.toml"), """
				name = "write"
				description = "Write files"
				triggers = ["write a file"]
				allowed_tools = ["filesystem:write_file", "filesystem:edit_file"]
				""" + server);
		List<CapabilityDefinition> capabilities = new CapabilityLoader().load(List.of(dir.toString()));
		for (CapabilityDefinition capability : capabilities) {
			connected(this.servers.acquire(capability.name(), capability.servers().get(0)),
					capability.name().equals("read"));
		}
		List<String> tools = this.servers.connection("filesystem")
			.orElseThrow()
			.listTools()
			.stream()
			.map(McpSchema.Tool::name)
			.toList();
		assertThat(processesServing(this.workspace)).isEqualTo(1);
		assertThat(tools.stream().filter(capabilities.get(0).toolFilter("filesystem"))).containsExactly("read_file",
				"read_text_file", "read_media_file", "read_multiple_files");
		assertThat(tools.stream().filter(capabilities.get(1).toolFilter("filesystem"))).containsExactly("write_file",
				"edit_file");
	}

	private static McpServerConnection connected(ServerAcquisition acquisition, boolean started) {
		assertThat(acquisition).isInstanceOf(ServerAcquisition.Connected.class);
		ServerAcquisition.Connected connected = (ServerAcquisition.Connected) acquisition;
		assertThat(connected.started()).isEqualTo(started);
		return connected.connection();
	}

	private static ToolCallback callback(McpServerConnection connection, String tool) {
		McpSchema.Tool definition = connection.listTools()
			.stream()
			.filter((candidate) -> candidate.name().equals(tool))
			.findFirst()
			.orElseThrow();
		return connection.callback(definition, connection.name() + "__" + tool);
	}

	/** Live child processes whose command line names the folder. */
	private static long processesServing(Path dir) {
		return ProcessHandle.current()
			.descendants()
			.filter(ProcessHandle::isAlive)
			.filter((process) -> process.info().commandLine().orElse("").contains(dir.toString()))
			.count();
	}

}
