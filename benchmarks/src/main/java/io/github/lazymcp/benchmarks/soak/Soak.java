package io.github.lazymcp.benchmarks.soak;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.benchmarks.soak.fakes.ModelScript;
import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import io.github.lazymcp.benchmarks.soak.fakes.ScriptedModel;
import io.github.lazymcp.benchmarks.soak.fakes.ToolArguments;
import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.faults.FaultRunner;
import io.github.lazymcp.benchmarks.soak.faults.FleetTargets;
import io.github.lazymcp.benchmarks.soak.faults.Probe;
import io.github.lazymcp.benchmarks.soak.faults.RecoveryWatch;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.fleet.Fleet;
import io.github.lazymcp.benchmarks.soak.fleet.Pause;
import io.github.lazymcp.benchmarks.soak.fleet.ResourceSample;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import io.github.lazymcp.benchmarks.soak.judge.PerUserCalls;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import io.github.lazymcp.benchmarks.soak.judge.Turns;
import io.github.lazymcp.benchmarks.soak.load.Conversation;
import io.github.lazymcp.benchmarks.soak.load.MalformedRequests;
import io.github.lazymcp.benchmarks.soak.load.SessionAudit;
import io.github.lazymcp.benchmarks.soak.load.Texts;
import io.github.lazymcp.benchmarks.soak.load.Traffic;
import io.github.lazymcp.benchmarks.soak.load.TurnBarrier;
import tools.jackson.databind.JsonNode;

/*
 * A run, in phases:
 *
 *   start      PostgreSQL, the HTTP servers, the scripted model, both app instances
 *   warm-up    the conversations run, nothing is measured
 *   start      no turn in flight for --quiet-seconds (idle pools shrink), then each instance is
 *   sample     sampled: heap after a full GC, threads, descriptors, children
 *   load       the conversations run for --minutes, counted; faults at their times,
 *              malformed requests every few seconds; in the middle, a sample under load
 *   settle     (faults on) the conversations go on, checked but not counted, until every
 *              fault's recovery was watched, and then for CHECKED_AFTER more: every
 *              fault, its window bounded, is followed by a checked period
 *   end        the sessions audited, no turn in flight
 *   sample     for --quiet-seconds, then each instance is sampled again
 *
 * and everything is stopped. The report compares the end with the start.
 */

/**
 * Runs one soak and reports what it measured.
 */
public final class Soak {

	private static final Duration MALFORMED_EVERY = Duration.ofSeconds(5);

	/**
	 * How long the load goes on, checked, after every fault's recovery was watched (or
	 * given up on): the checked steps after the last fault (see {@link EvidenceFloors}).
	 */
	static final Duration CHECKED_AFTER = Duration.ofSeconds(20);

	/** The longest wait for the faults' threads after the load. */
	private static final Duration FAULTS_AWAITED = Duration.ofMinutes(15);

	private final SoakOptions options;

	private final long started = System.nanoTime();

	public Soak(SoakOptions options) {
		this.options = options;
	}

	public SoakReport run() throws IOException, InterruptedException {
		Path work = Files.createTempDirectory("lazy-mcp-soak");
		log("working in " + work);
		HttpClient http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.build();
		FaultWindows windows = new FaultWindows(this::millis);
		SoakReport report;
		try (ScriptedModel model = new ScriptedModel();
				Fleet fleet = new Fleet(work, this.options.mcpServers(), http)) {
			log("starting PostgreSQL, the HTTP MCP servers and two app instances");
			fleet.start(model.baseUrl());
			Traffic traffic = traffic(http, fleet, model, windows);
			probeSession(fleet.instances().get(0));
			report = new Phases(fleet, traffic).run();
		}
		if (report.ciFailures().isEmpty()) {
			delete(work);
		}
		else {
			log("kept " + work + " (the instances' and servers' logs)");
		}
		return report;
	}

	private static void delete(Path folder) throws IOException {
		try (java.util.stream.Stream<Path> files = Files.walk(folder)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
	}

	private Traffic traffic(HttpClient http, Fleet fleet, ScriptedModel model, FaultWindows windows)
			throws IOException {
		Texts texts = (this.options.queries() != null) ? Texts.of(this.options.queries(), this.options.seed())
				: Texts.generated();
		JsonNode state = state(fleet.instances().get(0));
		Set<String> eager = new LinkedHashSet<>(List.of(ModelScript.SEARCH, ModelScript.CAPABILITY));
		state.path("tools").path("eager").valueStream().forEach((name) -> eager.add(name.asString()));
		Traffic.ToolKinds tools = new Traffic.ToolKinds(eager, Fleet.CAPABILITY, Fleet.CAPABILITY,
				new Traffic.PerUser(Fleet.NOTES, Fleet.USERS));
		return new Traffic(http, fleet.instances(), model, texts, new Tally(this::millis), windows, new Turns(),
				new TurnBarrier(), tools, state.path("maxActiveSchemas").asInt(),
				new ToolArguments(fleet.workspace().toString()), this.options.thinkMillis());
	}

	/** A session the database recovery is watched through. */
	private static void probeSession(AppInstance instance) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest
			.newBuilder(instance.uri("/actuator/mcpactivation/" + RecoveryWatch.PROBE_SESSION))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"tools\": \"" + RecoveryWatch.PROBE_TOOL + "\"}"))
			.build();
		HttpClient.newHttpClient().send(request, java.net.http.HttpResponse.BodyHandlers.discarding());
	}

	static JsonNode state(AppInstance instance) {
		return instance.get("/actuator/mcpactivation")
			.filter((response) -> response.statusCode() == 200)
			.map((response) -> OpenAiWire.JSON.readTree(response.body()))
			.orElse(OpenAiWire.JSON.missingNode());
	}

	private long millis() {
		return (System.nanoTime() - this.started) / 1_000_000;
	}

	static void log(String message) {
		System.err.println("soak: " + message);
	}

	/**
	 * The phases of one run over a started fleet.
	 */
	private final class Phases {

		private final Fleet fleet;

		private final Traffic traffic;

		private final List<Conversation> conversations = new ArrayList<>();

		private final List<Thread> threads = new ArrayList<>();

		Phases(Fleet fleet, Traffic traffic) {
			this.fleet = fleet;
			this.traffic = traffic;
		}

		SoakReport run() throws InterruptedException {
			startConversations();
			log("warming up for " + Soak.this.options.warmUp().toSeconds() + " s");
			Pause.of(Soak.this.options.warmUp());
			Map<String, ResourceSample> start = quietSample();
			long rowsStart = this.fleet.database().rows("lazy_mcp_embedding");
			this.traffic.gate().open();
			Duration measured = Soak.this.options.measured();
			log("measuring for " + measured.toSeconds() + " s, faults " + (Soak.this.options.faults() ? "on" : "off"));
			long loadStart = millis();
			this.traffic.turns().measuring(true);
			FaultRunner faults = new FaultRunner(new FleetTargets(this.fleet),
					new RecoveryWatch(new Probe(this.traffic), this.traffic.windows()::now, this.traffic.out(),
							this.fleet.instances()),
					this.traffic.windows(), this.traffic.out(), measured, Pause::millis);
			MalformedRequests malformed = new MalformedRequests(this.traffic);
			ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor();
			if (Soak.this.options.faults()) {
				faults.start(FaultPlan.of(measured));
				sender.scheduleWithFixedDelay(() -> sendMalformed(malformed), 1000, MALFORMED_EVERY.toMillis(),
						TimeUnit.MILLISECONDS);
			}
			Pause.millis(measured.toMillis() / 2);
			replaceToken(Fleet.USERS.get(0));
			Map<String, ResourceSample> middle = sample();
			Pause.millis(loadStart + measured.toMillis() - millis());
			this.traffic.turns().measuring(false);
			double seconds = (millis() - loadStart) / 1000.0;
			sender.shutdownNow();
			if (Soak.this.options.faults()) {
				settle(faults);
			}
			this.traffic.gate().close();
			new SessionAudit(this.traffic).audit(this.conversations);
			Map<String, ResourceSample> end = quietSample();
			long rowsEnd = this.fleet.database().rows("lazy_mcp_embedding");
			Map<String, Map<String, Long>> counters = counters();
			stopConversations();
			if (this.traffic.model().failures() > 0) {
				this.traffic.tally()
					.harnessError(
							"the scripted model failed to answer (" + this.traffic.model().failures() + " requests)");
			}
			PerUserCalls.Summary perUser = this.traffic.perUserCalls()
				.against(this.fleet.notes().record(), this.fleet.tokensInLogs());
			return new ReportAssembly(Soak.this.options, this.traffic, faults, malformed, this.fleet.startFailures(),
					perUser)
				.assemble(seconds, start, middle, end, counters, rowsStart, rowsEnd);
		}

		/**
		 * Replaces a user's token halfway, as a refresh would: the apps are refused the
		 * old one on that user's next request and must carry on with the new one.
		 */
		private void replaceToken(String user) {
			try {
				this.fleet.replaceToken(user);
				log("replaced " + user + "'s token of the per-user server");
			}
			catch (IOException | RuntimeException ex) {
				this.traffic.tally().harnessError("replacing " + user + "'s token: " + ex);
			}
		}

		/** The load goes on, checked, until the faults are over, and a while longer. */
		private void settle(FaultRunner faults) throws InterruptedException {
			log("load done; the conversations go on while the faults' recoveries are watched");
			if (!faults.await(FAULTS_AWAITED)) {
				this.traffic.tally()
					.harnessError(
							"a fault was still running " + FAULTS_AWAITED.toMinutes() + " minutes after the load");
			}
			log("every fault is over; " + CHECKED_AFTER.toSeconds() + " s more of checked load");
			Pause.of(CHECKED_AFTER);
		}

		private void startConversations() {
			for (int slot = 0; slot < Soak.this.options.conversations(); slot++) {
				Conversation conversation = new Conversation(slot, this.traffic,
						Soak.this.options.seed() * 1000 + slot);
				Thread thread = new Thread(conversation, "soak-conversation-" + slot);
				thread.setDaemon(true);
				this.conversations.add(conversation);
				this.threads.add(thread);
				thread.start();
			}
		}

		private void stopConversations() throws InterruptedException {
			this.traffic.gate().stop();
			for (Thread thread : this.threads) {
				thread.join(Duration.ofMinutes(4).toMillis());
			}
		}

		/** No turn in flight for the quiet time, then a sample; turns stay paused. */
		private Map<String, ResourceSample> quietSample() throws InterruptedException {
			this.traffic.gate().close();
			log("quiet for " + Soak.this.options.quiet().toSeconds() + " s, then sampling");
			Pause.of(Soak.this.options.quiet());
			return sample();
		}

		private Map<String, ResourceSample> sample() {
			Map<String, ResourceSample> samples = new LinkedHashMap<>();
			this.fleet.instances().forEach((instance) -> samples.put(instance.name(), ResourceSample.of(instance)));
			return samples;
		}

		private void sendMalformed(MalformedRequests malformed) {
			List<AppInstance> order = this.traffic.order(new java.util.Random());
			if (!this.traffic.out().contains(order.get(0).name())) {
				malformed.send(order.get(0));
			}
		}

		private Map<String, Map<String, Long>> counters() {
			Map<String, Map<String, Long>> counters = new LinkedHashMap<>();
			for (AppInstance instance : this.fleet.instances()) {
				JsonNode state = state(instance);
				Map<String, Long> values = new LinkedHashMap<>();
				for (String key : List.of("sessions", "searches", "activations", "evictions")) {
					values.put(key, state.path(key).asLong(-1));
				}
				counters.put(instance.name(), values);
			}
			return counters;
		}

	}

}
