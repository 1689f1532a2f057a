package io.github.lazymcp.benchmarks.soak;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FaultWindowsTests {

	private final AtomicLong clock = new AtomicLong();

	private final FaultWindows windows = new FaultWindows(this.clock::get);

	@Test
	void marksTheDatabaseDownFromItsWindowsOpeningUntilItCloses() {
		this.clock.set(1_000);
		FaultWindows.Window window = this.windows.open(FaultWindows.Kind.DATABASE, "postgresql");
		this.clock.set(5_000);
		assertThat(this.windows.databaseDown(4_000)).isTrue();

		this.windows.close(window);

		assertThat(this.windows.databaseDown(999)).isFalse();
		assertThat(this.windows.databaseDown(3_000)).isTrue();
		assertThat(this.windows.databaseDown(5_001)).isFalse();
	}

	@Test
	void treatsAnOpenWindowAsLastingUntilClosed() {
		this.clock.set(1_000);
		this.windows.open(FaultWindows.Kind.DATABASE, "postgresql");

		assertThat(this.windows.databaseDown(1_000_000)).isTrue();
		assertThat(this.windows.excuses(900_000, 900_001, "a")).isTrue();
	}

	@Test
	void excusesAServerErrorOfAnyInstanceDuringADatabaseOutage() {
		closedWindow(FaultWindows.Kind.DATABASE, "postgresql", 1_000, 2_000);

		assertThat(this.windows.excuses(1_500, 1_600, "a")).isTrue();
		assertThat(this.windows.excuses(1_500, 1_600, "b")).isTrue();
		assertThat(this.windows.excuses(2_500, 2_600, "a")).isFalse();
	}

	@Test
	void excusesAServerErrorDuringARestartOnlyForTheRestartingInstance() {
		closedWindow(FaultWindows.Kind.INSTANCE, "b", 1_000, 2_000);

		assertThat(this.windows.excuses(1_500, 1_600, "b")).isTrue();
		assertThat(this.windows.excuses(1_500, 1_600, "a")).isFalse();
	}

	@Test
	void excusesNoServerErrorWhileAnMcpServerIsDownOrSlow() {
		closedWindow(FaultWindows.Kind.SERVER, "remote", 1_000, 2_000);
		closedWindow(FaultWindows.Kind.SLOW, "remote", 1_000, 2_000);

		assertThat(this.windows.excuses(1_500, 1_600, "a")).isFalse();
		assertThat(this.windows.databaseDown(1_500)).isFalse();
	}

	@Test
	void excusesARequestThatWasInFlightWhenTheOutageBegan() {
		closedWindow(FaultWindows.Kind.DATABASE, "postgresql", 1_000, 2_000);

		assertThat(this.windows.excuses(500, 1_000, "a")).isTrue();
		assertThat(this.windows.excuses(500, 999, "a")).isFalse();
		assertThat(this.windows.excuses(2_000, 2_500, "a")).isTrue();
	}

	@Test
	void keepsEveryWindowWithItsTimes() {
		closedWindow(FaultWindows.Kind.SERVER, "remote", 1_000, 2_000);
		this.clock.set(3_000);
		this.windows.open(FaultWindows.Kind.SLOW, "remote");

		assertThat(this.windows.all()).containsExactly(
				new FaultWindows.Window(FaultWindows.Kind.SERVER, "remote", 1_000, 2_000),
				new FaultWindows.Window(FaultWindows.Kind.SLOW, "remote", 3_000, Long.MAX_VALUE));
	}

	private void closedWindow(FaultWindows.Kind kind, String target, long start, long end) {
		this.clock.set(start);
		FaultWindows.Window window = this.windows.open(kind, target);
		this.clock.set(end);
		this.windows.close(window);
	}

}
