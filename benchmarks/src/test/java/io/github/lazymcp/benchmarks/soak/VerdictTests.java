package io.github.lazymcp.benchmarks.soak;

import java.util.List;

import io.github.lazymcp.benchmarks.soak.fakes.MoveResult;
import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import io.github.lazymcp.benchmarks.soak.faults.Recovery;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.fleet.Fleet;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import io.github.lazymcp.benchmarks.soak.judge.Incidents;
import io.github.lazymcp.benchmarks.soak.judge.InstanceReport;
import io.github.lazymcp.benchmarks.soak.judge.Ledger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each check of the soak's CI gate, failed by one failure injected through the run's real
 * parts ({@link SoakRun}), and the same run without it passing.
 */
class VerdictTests {

	private final SoakRun run = new SoakRun();

	@AfterEach
	void close() {
		this.run.close();
	}

	@Test
	void passesARunInWhichNothingWentWrong() {
		SoakReport report = this.run.pass();

		assertThat(report.ciFailures()).isEmpty();
		assertThat(report.recoveries()).hasSize(SoakRun.PLAN.size()).allMatch(Recovery::withinBound);
		assertThat(report.checkedActivations()).isEqualTo(SoakRun.TOLD.size());
	}

	@Test
	void failsOnAPerUserCallTheServerRefusedAsACrossing() {
		this.run.notesRecord.add(SoakRun.notesEntry("crossing", "bob", "ada"));

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith("every per-user call under its own user's token")
			.contains("1 crossings");
	}

	@Test
	void failsOnAPerUserResultThatNamesAnotherUser() {
		this.run.traffic.perUserCalls().succeeded("ada", Fleet.USERS, "[{\"type\":\"text\",\"text\":\"you are bob\"}]");
		this.run.notesRecord.add(SoakRun.notesEntry("call", "ada", "ada"));

		assertThat(this.run.pass().ciFailures()).singleElement().asString().contains("1 results naming another user");
	}

	@Test
	void failsOnAPerUserCallTheServerRecordedUnderAnotherUser() {
		this.run.notesRecord.clear();
		this.run.notesRecord.add(SoakRun.notesEntry("call", "bob", "bob"));

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith(
					"every per-user call under its own user's token: model saw {ada=1} succeed, server recorded {bob=1}");
	}

	@Test
	void failsOnAUsersTokenInAnAppsLog() {
		this.run.tokenLeaks.add("instance a: ada's token");

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.endsWith("tokens in the apps' logs: [instance a: ada's token]");
	}

	@Test
	void failsOnAnActivationLost() {
		this.run.injectFaults();
		Ledger ledger = this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.session.remove("memory__read_graph");
		this.run.step(ledger, "a", SoakRun.wire(List.of("filesystem__read_file", "remote__echo", "events__echo")),
				false, MoveResult.NOTHING);

		assertThat(finish()).singleElement().asString().startsWith("0 activations lost: 1 lost");
	}

	@Test
	void failsOnAToolTwiceInARequest() {
		this.run.injectFaults();
		Ledger ledger = this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.step(ledger, "b", SoakRun.wire(
				List.of("filesystem__read_file", "memory__read_graph", "remote__echo", "events__echo", "remote__echo")),
				false, MoveResult.NOTHING);

		assertThat(finish()).singleElement().asString().startsWith("0 activations doubled: 1 doubled");
	}

	@Test
	void failsOnMoreDeferredToolsThanTheCap() {
		this.run.injectFaults();
		Ledger ledger = this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.step(
				ledger, "b", SoakRun.wire(List.of("filesystem__read_file", "memory__read_graph", "remote__echo",
						"events__echo", "remote__add", "events__add", "memory__search_nodes")),
				true, MoveResult.NOTHING);

		assertThat(finish()).singleElement().asString().startsWith("cap never exceeded: 1 times");
	}

	@Test
	void failsOnAToldToolLeftOutWhileItsServerWasUp() {
		this.run.injectFaults();
		Ledger ledger = this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.step(ledger, "a", SoakRun.wire(List.of("filesystem__read_file", "remote__echo", "events__echo")),
				false, MoveResult.NOTHING);

		assertThat(finish()).singleElement()
			.asString()
			.startsWith("0 told tools left out while their server was UP: 1 times");
	}

	@Test
	void excusesAToldToolLeftOutWhileItsServerWasNotUpOnThatInstance() {
		this.run.injectFaults();
		Ledger ledger = this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.health.get("a").put("memory", "RECONNECTING");
		this.run.step(ledger, "a", SoakRun.wire(List.of("filesystem__read_file", "remote__echo", "events__echo")),
				false, MoveResult.NOTHING);

		assertThat(finish()).isEmpty();
		assertThat(this.run.traffic.tally().errors()).containsEntry(Ledger.LEFT_OUT_NOT_UP, 1L);
	}

	@Test
	void failsOnA5xxOutsideAnOutageWindowButNotInsideOne() {
		this.run.injectFaults();
		FaultWindows.Window database = window(FaultWindows.Kind.DATABASE);
		this.run.traffic.serverErrors().add("a", "chat", 503, database.start() + 10, database.start() + 20, "down");
		assertThat(this.run.rest().ciFailures()).isEmpty();

		this.run.traffic.serverErrors().add("a", "chat", 500, database.end() + 10, database.end() + 20, "boom");

		assertThat(this.run.report().ciFailures()).singleElement()
			.asString()
			.startsWith("0 5xx outside outage windows: 1 5xx");
	}

	@Test
	void failsOnAToolCallThatFailedOutsideItsServersWindowButNotInsideIt() {
		this.run.injectFaults();
		FaultWindows.Window kill = window(FaultWindows.Kind.SERVER);
		this.run.traffic.incidents()
			.add(Incidents.Kind.TOOL_CALL, "a", "filesystem", kill.start() + 10, kill.start() + 20,
					"MCP server 'filesystem' is unavailable (down)");
		assertThat(this.run.rest().ciFailures()).isEmpty();

		this.run.traffic.incidents()
			.add(Incidents.Kind.TOOL_CALL, "b", "filesystem", kill.start() + 10, kill.start() + 20,
					"MCP server 'filesystem' is unavailable (down)");

		assertThat(this.run.report().ciFailures()).singleElement()
			.asString()
			.startsWith("0 failed tool calls, chats or 4xx the fault plan cannot explain: 1 unexplained")
			.contains("on b (filesystem)");
	}

	@Test
	void failsOnAChatTimeoutOutsideItsInstancesRestartAndOnAny4xx() {
		this.run.injectFaults();
		FaultWindows.Window restart = window(FaultWindows.Kind.INSTANCE);
		this.run.traffic.incidents()
			.add(Incidents.Kind.CHAT_TIMEOUT, "b", null, restart.start(), restart.start() + 180_000, "no answer");
		assertThat(this.run.rest().ciFailures()).isEmpty();

		this.run.traffic.incidents()
			.add(Incidents.Kind.CHAT_TIMEOUT, "a", null, restart.start(), restart.start() + 180_000, "no answer");
		this.run.traffic.incidents()
			.add(Incidents.Kind.CHAT_CLIENT_ERROR, "b", null, restart.start(), restart.start() + 10, "400");

		assertThat(this.run.report().ciFailures()).singleElement()
			.asString()
			.contains("2 unexplained", "chat not answered in time on a", "chat answered 4xx on b");
	}

	@Test
	void failsOnAKillThatFoundNoProcessInsteadOfCountingItRecovered() {
		this.run.fleet.noStdioProcess = true;

		SoakReport report = this.run.pass();

		assertThat(report.ciFailures()).singleElement()
			.asString()
			.startsWith("every planned fault injected: 1 not injected")
			.contains("kill-stdio filesystem@a", "no process of the server was found");
		assertThat(report.recoveries()).filteredOn((recovery) -> recovery.target().equals("filesystem@a"))
			.singleElement()
			.satisfies((recovery) -> assertThat(recovery.withinBound()).isFalse());
	}

	@Test
	void failsOnAFaultThatThrew() {
		this.run.fleet.httpDoesNotListen = true;

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith("every planned fault injected: 1 not injected")
			.contains("kill-streamable-http remote", "the harness failed", "Nothing listens on port");
	}

	@Test
	void failsOnAServerThatNeverComesBackAndHasNoCheckedStepsAfterItsFault() {
		this.run.watch.neverBack.add("filesystem");
		this.run.health.get("a").put("filesystem", "DOWN");

		assertThat(this.run.pass().ciFailures()).hasSize(2)
			.anySatisfy((failure) -> assertThat(failure)
				.startsWith("every fault served again within its bound, counted from its start: 1 late")
				.contains("kill-stdio filesystem@a", "not served again", "bound 60 s"))
			.anySatisfy((failure) -> assertThat(failure)
				.startsWith("≥ 5 checked steps of every server after each of its faults: 1 short")
				.contains("filesystem@a 0 after"));
	}

	@Test
	void failsOnADatabaseWhoseSessionsAreNotReadWithinItsBound() {
		this.run.watch.neverBack.add("postgresql");

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith("every fault served again within its bound, counted from its start: 1 late")
			.contains("stop-postgresql", "bound 50 s");
	}

	@Test
	void failsOnAnInstanceThatFailedToStart() {
		this.run.fleet.instanceDoesNotStart = true;
		this.run.startFailures
			.add(new AppInstance.StartFailed("b", "Caused by: java.util.concurrent.TimeoutException").getMessage()
					+ "; the JVM exited");

		assertThat(this.run.pass().ciFailures()).hasSize(3)
			.anySatisfy((failure) -> assertThat(failure).startsWith("every instance started: 1 failed starts")
				.contains("App instance b failed to start"))
			.anySatisfy((failure) -> assertThat(failure).startsWith("every fault served again within its bound")
				.contains("restart-instance b", "not served again"))
			.anySatisfy((failure) -> assertThat(failure).startsWith("≥ 5 checked steps")
				.contains("restart-instance b", "filesystem@b 0 after"));
	}

	@Test
	void failsOnFewerTurnsThanTheFloor() {
		this.run.injectFaults();
		this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.answerTurns(EvidenceFloors.of(this.run.options()).turns() - 1);

		assertThat(this.run.report().ciFailures()).singleElement().asString().startsWith("turns ≥ floor: 3 (floor 4)");
	}

	@Test
	void failsOnFewerCheckedActivationsThanTheFloor() {
		this.run.conversations = 3;
		this.run.injectFaults();
		this.run.converse(EvidenceFloors.STEPS_AFTER_FAULT + 1);
		this.run.answerTurns(EvidenceFloors.of(this.run.options()).turns());

		assertThat(this.run.report().ciFailures()).singleElement()
			.asString()
			.startsWith("checked activations ≥ floor: 4 (floor 6)");
	}

	@Test
	void failsOnAServerThatSilentlyStopsBeingCheckedAfterItsFault() {
		this.run.health.get("a").put("remote", "DOWN");

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith("≥ 5 checked steps of every server after each of its faults: 2 short")
			.contains("kill-streamable-http remote", "slow-server remote", "remote@a 0 after");
	}

	@Test
	void failsOnASelectorThreadLeftBehindByEveryReconnect() {
		long reconnects = FaultPlan.of(SoakRun.MEASURED)
			.stream()
			.filter((fault) -> fault.type() == FaultPlan.Type.KILL_HTTP)
			.count();
		int atStart = InstanceReport.CONFIGURED_HTTP_SERVERS;
		this.run.selectorsEnd.put("a", atStart + (int) reconnects);

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.isEqualTo("threads back to start: " + (reconnects - InstanceReport.CONFIGURED_HTTP_SERVERS)
					+ " threads more (a: " + InstanceReport.HTTP_SELECTOR + " +"
					+ (reconnects - InstanceReport.CONFIGURED_HTTP_SERVERS) + ")");
	}

	@Test
	void allowsTheSelectorThreadOfAnIdentitysConnectionOpenedDuringTheLoadAndNoMore() {
		int reconnected = InstanceReport.CONFIGURED_HTTP_SERVERS + InstanceReport.CONFIGURED_HTTP_SERVERS;
		this.run.selectorsEnd.put("a", reconnected + 1);
		this.run.perUserConnectionsEnd.put("a", 2);

		assertThat(this.run.pass().ciFailures()).isEmpty();

		this.run.selectorsEnd.put("a", reconnected + 2);

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.isEqualTo("threads back to start: 1 threads more (a: " + InstanceReport.HTTP_SELECTOR + " +1)");
	}

	@Test
	void failsOnAProcessThatOutlivedItsRestartedInstance() {
		this.run.fleet.orphans = List.of("node /x/node_modules/.bin/mcp-server-memory");

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith("child processes back to start (none unexplained, none orphaned): 1 leaked");
	}

	@Test
	void failsOnAnErrorOfTheHarness() {
		this.run.traffic.tally().harnessError("conversation: java.lang.IllegalStateException: boom");

		assertThat(this.run.pass().ciFailures()).singleElement()
			.asString()
			.startsWith("0 harness errors: 1 errors: conversation: java.lang.IllegalStateException: boom (1)");
	}

	private List<String> finish() {
		this.run.answerTurns(EvidenceFloors.of(this.run.options()).turns());
		return this.run.report().ciFailures();
	}

	private FaultWindows.Window window(FaultWindows.Kind kind) {
		return this.run.windows.all().stream().filter((window) -> window.kind() == kind).findFirst().orElseThrow();
	}

}
