package io.github.lazymcp.benchmarks.soak;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.github.lazymcp.benchmarks.soak.fakes.MoveResult;
import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import io.github.lazymcp.benchmarks.soak.fakes.ScriptedModel;
import io.github.lazymcp.benchmarks.soak.fakes.StepHealth;
import io.github.lazymcp.benchmarks.soak.fakes.ToolArguments;
import io.github.lazymcp.benchmarks.soak.faults.FakeFleet;
import io.github.lazymcp.benchmarks.soak.faults.FakeWatch;
import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.faults.FaultRunner;
import io.github.lazymcp.benchmarks.soak.fleet.Fleet;
import io.github.lazymcp.benchmarks.soak.fleet.ResourceSample;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import io.github.lazymcp.benchmarks.soak.judge.InstanceReport;
import io.github.lazymcp.benchmarks.soak.judge.Ledger;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import io.github.lazymcp.benchmarks.soak.judge.Turns;
import io.github.lazymcp.benchmarks.soak.load.MalformedRequests;
import io.github.lazymcp.benchmarks.soak.load.Texts;
import io.github.lazymcp.benchmarks.soak.load.Traffic;
import io.github.lazymcp.benchmarks.soak.load.TurnBarrier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A soak run without processes: the real outage windows, tally, ledgers, checked steps,
 * incidents, 5xx answers, fault runner, instance reports and report assembly, on a clock
 * the test moves, with a {@link FakeFleet} and a {@link FakeWatch}. As built and driven
 * by {@link #pass()}, every check of the gate is met; a test injects one failure through
 * these parts (a lost activation, a kill that finds no process, a server that never comes
 * back, a thread left per reconnect, ...) and reads the CI failures of the report. Public
 * for the {@code soak} command's tests, which print its report.
 */
public final class SoakRun implements AutoCloseable {

	static final Duration MEASURED = FaultPlan.SHORTEST_RUN;

	/** One fault of each kind, injected one after the other. */
	static final List<FaultPlan.Fault> PLAN = List.of(new FaultPlan.Fault(0, FaultPlan.Type.KILL_STDIO, "filesystem@a"),
			new FaultPlan.Fault(0, FaultPlan.Type.KILL_HTTP, "remote"),
			new FaultPlan.Fault(0, FaultPlan.Type.STOP_DATABASE, "postgresql"),
			new FaultPlan.Fault(0, FaultPlan.Type.SLOW_SERVER, "remote"),
			new FaultPlan.Fault(0, FaultPlan.Type.RESTART_INSTANCE, "b"));

	/** A told tool of each configured server. */
	static final List<String> TOLD = List.of("filesystem__read_file", "memory__read_graph", "remote__echo",
			"events__echo");

	private static final List<String> EAGER = List.of("ToolSearch", "capability");

	final AtomicLong clock = new AtomicLong(1_000);

	final FaultWindows windows = new FaultWindows(this.clock::get);

	final ScriptedModel model = new ScriptedModel();

	final Traffic traffic;

	final FakeFleet fleet = new FakeFleet();

	final FakeWatch watch = new FakeWatch(this.clock);

	final FaultRunner faults;

	/** Failed starts, as the fleet records them. */
	final List<String> startFailures = new ArrayList<>();

	/** What the conversation's session holds when its ledger reads it back. */
	final Set<String> session = new LinkedHashSet<>(TOLD);

	/** Each instance's server statuses, as the app stamps its requests. */
	final Map<String, Map<String, String>> health = new HashMap<>();

	/** Selector threads of the JDK's HTTP clients on each instance at the end. */
	final Map<String, Integer> selectorsEnd = new HashMap<>(Map.of("a", 4, "b", 4));

	/**
	 * Identities' connections of the per-user server open on each instance at the end
	 * (one at the start).
	 */
	final Map<String, Integer> perUserConnectionsEnd = new HashMap<>(Map.of("a", 1, "b", 1));

	int conversations = 1;

	/** What the per-user server recorded: one call of ada's, under ada's token. */
	final List<JsonNode> notesRecord = new ArrayList<>(List.of(notesEntry("call", "ada", "ada")));

	/** Where a user's token shows in the apps' logs. */
	final List<String> tokenLeaks = new ArrayList<>();

	/** The report of the same run without faults, if any. */
	@Nullable Path baseline;

	public SoakRun() {
		this.traffic = new Traffic(HttpClient.newHttpClient(), List.of(), this.model, Texts.generated(),
				new Tally(this.clock::get), this.windows, new Turns(), new TurnBarrier(),
				new Traffic.ToolKinds(Set.copyOf(EAGER), Fleet.CAPABILITY, Fleet.CAPABILITY), 6,
				new ToolArguments("/tmp"), 0);
		this.faults = new FaultRunner(this.fleet, this.watch, this.windows, this.traffic.out(), MEASURED,
				(millis) -> this.clock.addAndGet(Math.max(0, millis)));
		this.traffic.perUserCalls().succeeded("ada", Fleet.USERS, "[{\"type\":\"text\",\"text\":\"you are ada\"}]");
		for (String instance : FaultPlan.INSTANCES) {
			Map<String, String> up = new LinkedHashMap<>();
			TOLD.forEach((tool) -> up.put(StepHealth.serverOf(tool), "UP"));
			this.health.put(instance, up);
		}
	}

	/** What passes every check: the plan injected, then {@link #rest()}. */
	public SoakReport pass() {
		injectFaults();
		return rest();
	}

	/** After the faults: checked steps on both instances, enough turns, the report. */
	SoakReport rest() {
		converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		answerTurns(EvidenceFloors.of(options()).turns());
		return report();
	}

	void injectFaults() {
		PLAN.forEach(this.faults::inject);
	}

	/**
	 * A conversation is told a tool of every server, then sends requests carrying them to
	 * both instances, each stamped with that instance's health.
	 * @param steps requests on each instance
	 * @return its ledger, for more requests
	 */
	Ledger converse(int steps) {
		Ledger ledger = ledger();
		step(ledger, "a", EAGER, true, MoveResult.NOTHING);
		step(ledger, "a", wire(TOLD), false, new MoveResult.Reported(Set.copyOf(TOLD), Set.of(), TOLD.size()));
		for (int i = 0; i < steps; i++) {
			for (String instance : FaultPlan.INSTANCES) {
				step(ledger, instance, wire(TOLD), false, MoveResult.NOTHING);
			}
		}
		return ledger;
	}

	Ledger ledger() {
		Traffic.ToolKinds tools = this.traffic.tools();
		return new Ledger("c1-1", this.traffic.cap(), tools.deferred(), tools.capabilityTool(), this.traffic.tally(),
				this.traffic.steps(), () -> Optional.of(Set.copyOf(this.session)));
	}

	/** One model request of a conversation, a little later, checked by its ledger. */
	void step(Ledger ledger, String instance, List<String> tools, boolean turnStart, MoveResult outcome) {
		long now = this.clock.addAndGet(100);
		ledger.on(instance, now, new StepHealth(this.health.get(instance), true));
		ledger.observe(tools, turnStart, this.windows.databaseDown(now), outcome);
	}

	void answerTurns(long turns) {
		this.traffic.turns().measuring(true);
		for (long i = 0; i < turns; i++) {
			this.traffic.turns().add(50_000_000, 20_000_000);
		}
		this.traffic.turns().measuring(false);
	}

	SoakOptions options() {
		return new SoakOptions(MEASURED, this.conversations, true, null, Path.of("mcp-servers"), 0, 1, this.baseline,
				Duration.ZERO);
	}

	/** The report the run assembles, with the instances' samples. */
	SoakReport report() {
		Map<String, ResourceSample> start = new LinkedHashMap<>();
		Map<String, ResourceSample> end = new LinkedHashMap<>();
		for (String instance : FaultPlan.INSTANCES) {
			start.put(instance, sample(InstanceReport.CONFIGURED_HTTP_SERVERS, 1));
			end.put(instance, sample(this.selectorsEnd.get(instance), this.perUserConnectionsEnd.get(instance)));
		}
		return new ReportAssembly(options(), this.traffic, this.faults, new MalformedRequests(this.traffic),
				this.startFailures, this.traffic.perUserCalls().against(this.notesRecord, this.tokenLeaks))
			.assemble(MEASURED.toSeconds(), start, start, end, Map.of("a", Map.of(), "b", Map.of()), 0, 0);
	}

	/** An entry of the per-user server's record. */
	static JsonNode notesEntry(String kind, String owner, String sub) {
		return OpenAiWire.JSON.createObjectNode().put("kind", kind).put("owner", owner).put("sub", sub);
	}

	static List<String> wire(List<String> deferred) {
		List<String> tools = new ArrayList<>(EAGER);
		tools.addAll(deferred);
		return tools;
	}

	/**
	 * An instance with its two stdio servers, some HTTP clients' selector threads and
	 * some connections of the per-user server.
	 */
	static ResourceSample sample(int selectors, int perUserConnections) {
		return new ResourceSample(1, 100L << 20, 200, 240, InstanceReport.CONFIGURED_STDIO_SERVERS, List.of(),
				Map.of(InstanceReport.HTTP_SELECTOR, selectors), 0, 0, List.of(), perUserConnections);
	}

	@Override
	public void close() {
		this.model.close();
	}

}
