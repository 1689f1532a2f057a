package io.github.lazymcp.benchmarks.soak.judge;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ToolTurnsTests {

	private final AtomicLong clock = new AtomicLong();

	private final FaultWindows windows = new FaultWindows(this.clock::get);

	private final ToolTurns turns = new ToolTurns();

	@Test
	void countsATurnDuringAFaultWhenItOverlapsAnOutageWindowAndByTheWindowsKind() {
		window(FaultWindows.Kind.SERVER, "remote", 100, 200, Duration.ofMinutes(1));
		window(FaultWindows.Kind.DATABASE, "postgresql", 300, 350, Duration.ofMinutes(1));
		this.turns.add(50, 90, true);
		this.turns.add(150, 160, false);
		this.turns.add(190, 250, true);
		this.turns.add(320, 330, false);
		this.turns.add(400, 410, true);

		ToolTurns.Share share = this.turns.share(this.windows);

		assertThat(share.duringFaults()).isEqualTo(new ToolTurns.Part(3, 1));
		assertThat(share.outsideFaults()).isEqualTo(new ToolTurns.Part(2, 2));
		assertThat(share.byFault()).containsOnlyKeys("server", "database");
		assertThat(share.byFault().get("server")).isEqualTo(new ToolTurns.Part(2, 1));
		assertThat(share.byFault().get("database")).isEqualTo(new ToolTurns.Part(1, 0));
		assertThat(share.duringFaults().percent()).isEqualTo(33.3);
	}

	@Test
	void endsAFaultAtItsBoundSoThatATurnAfterTheBoundIsOutsideFaults() {
		window(FaultWindows.Kind.SLOW, "remote", 1_000, 9_000, Duration.ofMillis(500));
		this.turns.add(1_200, 1_300, false);
		this.turns.add(2_000, 2_100, true);

		ToolTurns.Share share = this.turns.share(this.windows);

		assertThat(share.duringFaults()).isEqualTo(new ToolTurns.Part(1, 0));
		assertThat(share.outsideFaults()).isEqualTo(new ToolTurns.Part(1, 1));
	}

	@Test
	void countsATurnThatOverlapsTwoKindsOnceDuringFaultsAndOnceUnderEachKind() {
		window(FaultWindows.Kind.SERVER, "events", 100, 300, Duration.ofMinutes(1));
		window(FaultWindows.Kind.INSTANCE, "b", 200, 400, Duration.ofMinutes(1));
		this.turns.add(250, 260, true);

		ToolTurns.Share share = this.turns.share(this.windows);

		assertThat(share.duringFaults()).isEqualTo(new ToolTurns.Part(1, 1));
		assertThat(share.byFault()).containsOnlyKeys("server", "instance");
		assertThat(share.describe()).contains("during faults 1 of 1 (100.0 %)", "outside faults 0 of 0");
	}

	private void window(FaultWindows.Kind kind, String target, long from, long to, Duration bound) {
		this.clock.set(from);
		FaultWindows.Window window = this.windows.open(kind, target, bound);
		this.clock.set(to);
		this.windows.close(window);
	}

}
