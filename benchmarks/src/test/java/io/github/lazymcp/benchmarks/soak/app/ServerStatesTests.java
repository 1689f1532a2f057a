package io.github.lazymcp.benchmarks.soak.app;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ServerStatesTests {

	@Test
	void callsAServerUpOnlyWhenItWasUpBeforeAndAfterTheWireAdvisorRead() {
		Map<String, String> before = Map.of("memory", "DOWN", "filesystem", "UP", "remote", "UP");
		Map<String, String> after = Map.of("memory", "UP", "filesystem", "RECONNECTING", "remote", "UP");

		assertThat(ServerStates.combine(before, after)).containsOnly(Map.entry("memory", "DOWN"),
				Map.entry("filesystem", "RECONNECTING"), Map.entry("remote", "UP"));
	}

	@Test
	void leavesOutAServerOnlyOneReadNamed() {
		Map<String, String> combined = ServerStates.combine(Map.of("thinking", "UP"), Map.of("events", "UP"));

		assertThat(combined).isEmpty();
	}

}
