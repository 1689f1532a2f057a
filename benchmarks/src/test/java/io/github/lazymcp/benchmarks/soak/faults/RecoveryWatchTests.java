package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Instant;

import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class RecoveryWatchTests {

	private static final long WALL_NOW = Instant.parse("2026-11-28T10:30:13Z").toEpochMilli();

	private static final long RUN_NOW = 230_000;

	@Test
	void aServerIsUpFromWhenItsInstanceSaysItBecameUpNotFromWhenTheWatchLooked() {
		RecoveryWatch.Status status = status("UP", "2026-11-28T10:29:51.484Z");

		assertThat(status.up()).isTrue();
		assertThat(status.since()).isEqualTo(RUN_NOW - 21_516);
		assertThat(status.upFrom(200_000)).isEqualTo(RUN_NOW - 21_516);
	}

	@Test
	void anUpStatusFromBeforeTheWatchCountsFromTheWatchsStart() {
		assertThat(status("UP", "2026-11-28T10:26:00Z").upFrom(200_000)).isEqualTo(200_000);
		assertThat(status("UP", null).upFrom(200_000)).isEqualTo(200_000);
	}

	@Test
	void aServerDownOrReconnectingIsNotUp() {
		assertThat(status("DOWN", "2026-11-28T10:29:25.331Z").up()).isFalse();
		assertThat(status("RECONNECTING", "2026-11-28T10:29:26.826Z").up()).isFalse();
	}

	private static RecoveryWatch.Status status(String status, @Nullable String since) {
		String json = (since != null)
				? "{\"name\": \"remote\", \"status\": \"%s\", \"since\": \"%s\"}".formatted(status, since)
				: "{\"name\": \"remote\", \"status\": \"%s\"}".formatted(status);
		JsonNode entry = OpenAiWire.JSON.readTree(json);
		return RecoveryWatch.Status.of(entry, RUN_NOW, WALL_NOW);
	}

}
