package io.github.lazymcp.benchmarks.soak.judge;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FaultWindowsTests {

	private static final Duration LONG = Duration.ofHours(1);

	private final AtomicLong clock = new AtomicLong();

	private final FaultWindows windows = new FaultWindows(this.clock::get);

	@Test
	void marksTheDatabaseDownFromItsWindowsOpeningUntilItCloses() {
		this.clock.set(1_000);
		FaultWindows.Window window = this.windows.open(FaultWindows.Kind.DATABASE, "postgresql", LONG);
		this.clock.set(5_000);
		assertThat(this.windows.databaseDown(4_000)).isTrue();

		this.windows.close(window);

		assertThat(this.windows.databaseDown(999)).isFalse();
		assertThat(this.windows.databaseDown(3_000)).isTrue();
		assertThat(this.windows.databaseDown(5_001)).isFalse();
	}

	@Test
	void treatsAnOpenWindowAsLastingUntilClosedOrItsBound() {
		this.clock.set(1_000);
		this.windows.open(FaultWindows.Kind.DATABASE, "postgresql", Duration.ofSeconds(50));

		assertThat(this.windows.databaseDown(51_000)).isTrue();
		assertThat(this.windows.excuses(50_000, 50_001, "a")).isTrue();
		assertThat(this.windows.databaseDown(51_001)).isFalse();
		assertThat(this.windows.excuses(51_001, 60_000, "a")).isFalse();
	}

	@Test
	void endsAWindowClosedAfterItsBoundAtItsBound() {
		closedWindow(FaultWindows.Kind.DATABASE, "postgresql", 1_000, 200_000, Duration.ofSeconds(50));

		assertThat(this.windows.all()).singleElement()
			.satisfies((window) -> assertThat(window.end()).isEqualTo(51_000));
		assertThat(this.windows.databaseDown(100_000)).isFalse();
	}

	@Test
	void explainsAFailedToolCallOnlyByAWindowOfItsServerOnItsInstanceOrOfItsInstanceOrTheDatabase() {
		closedWindow(FaultWindows.Kind.SERVER, "filesystem@a", 1_000, 2_000, LONG);
		closedWindow(FaultWindows.Kind.SLOW, "remote", 3_000, 4_000, LONG);
		closedWindow(FaultWindows.Kind.INSTANCE, "b", 5_000, 6_000, LONG);

		assertThat(this.windows.explains(toolCall("a", "filesystem", 1_500))).isTrue();
		assertThat(this.windows.explains(toolCall("b", "filesystem", 1_500))).isFalse();
		assertThat(this.windows.explains(toolCall("a", "memory", 1_500))).isFalse();
		assertThat(this.windows.explains(toolCall("b", "remote", 3_500))).isTrue();
		assertThat(this.windows.explains(toolCall("b", "memory", 5_500))).isTrue();
		assertThat(this.windows.explains(toolCall("a", "memory", 5_500))).isFalse();
		assertThat(this.windows.explains(toolCall("a", "filesystem", 2_500))).isFalse();
	}

	@Test
	void explainsAChatFailureOnlyByItsInstancesRestartAndA4xxByNothing() {
		closedWindow(FaultWindows.Kind.INSTANCE, "b", 1_000, 2_000, LONG);
		closedWindow(FaultWindows.Kind.DATABASE, "postgresql", 1_000, 2_000, LONG);

		assertThat(this.windows.explains(chat(Incidents.Kind.CHAT_REFUSED, "b"))).isTrue();
		assertThat(this.windows.explains(chat(Incidents.Kind.CHAT_TIMEOUT, "a"))).isFalse();
		assertThat(this.windows.explains(chat(Incidents.Kind.CHAT_CLIENT_ERROR, "b"))).isFalse();
	}

	@Test
	void excusesNothingWithADiscardedWindow() {
		this.clock.set(1_000);
		FaultWindows.Window window = this.windows.open(FaultWindows.Kind.DATABASE, "postgresql", LONG);

		this.windows.discard(window);

		assertThat(this.windows.databaseDown(1_000)).isFalse();
		assertThat(this.windows.all()).isEmpty();
	}

	@Test
	void excusesAServerErrorOfAnyInstanceDuringADatabaseOutage() {
		closedWindow(FaultWindows.Kind.DATABASE, "postgresql", 1_000, 2_000, LONG);

		assertThat(this.windows.excuses(1_500, 1_600, "a")).isTrue();
		assertThat(this.windows.excuses(1_500, 1_600, "b")).isTrue();
		assertThat(this.windows.excuses(2_500, 2_600, "a")).isFalse();
	}

	@Test
	void excusesAServerErrorDuringARestartOnlyForTheRestartingInstance() {
		closedWindow(FaultWindows.Kind.INSTANCE, "b", 1_000, 2_000, LONG);

		assertThat(this.windows.excuses(1_500, 1_600, "b")).isTrue();
		assertThat(this.windows.excuses(1_500, 1_600, "a")).isFalse();
	}

	@Test
	void excusesNoServerErrorWhileAnMcpServerIsDownOrSlow() {
		closedWindow(FaultWindows.Kind.SERVER, "remote", 1_000, 2_000, LONG);
		closedWindow(FaultWindows.Kind.SLOW, "remote", 1_000, 2_000, LONG);

		assertThat(this.windows.excuses(1_500, 1_600, "a")).isFalse();
		assertThat(this.windows.databaseDown(1_500)).isFalse();
	}

	@Test
	void excusesARequestThatWasInFlightWhenTheOutageBegan() {
		closedWindow(FaultWindows.Kind.DATABASE, "postgresql", 1_000, 2_000, LONG);

		assertThat(this.windows.excuses(500, 1_000, "a")).isTrue();
		assertThat(this.windows.excuses(500, 999, "a")).isFalse();
		assertThat(this.windows.excuses(2_000, 2_500, "a")).isTrue();
	}

	@Test
	void keepsEveryWindowWithItsTimes() {
		closedWindow(FaultWindows.Kind.SERVER, "remote", 1_000, 2_000, LONG);
		this.clock.set(3_000);
		this.windows.open(FaultWindows.Kind.SLOW, "remote", Duration.ofSeconds(60));

		assertThat(this.windows.all()).containsExactly(
				new FaultWindows.Window(FaultWindows.Kind.SERVER, "remote", 1_000, 2_000, 1_000 + LONG.toMillis()),
				new FaultWindows.Window(FaultWindows.Kind.SLOW, "remote", 3_000, Long.MAX_VALUE, 63_000));
	}

	private void closedWindow(FaultWindows.Kind kind, String target, long start, long end, Duration bound) {
		this.clock.set(start);
		FaultWindows.Window window = this.windows.open(kind, target, bound);
		this.clock.set(end);
		this.windows.close(window);
	}

	private static Incidents.Incident toolCall(String instance, String server, long at) {
		return new Incidents.Incident(Incidents.Kind.TOOL_CALL, instance, server, at, at + 100, "error");
	}

	private static Incidents.Incident chat(Incidents.Kind kind, String instance) {
		return new Incidents.Incident(kind, instance, null, 1_500, 1_600, "failed");
	}

}
