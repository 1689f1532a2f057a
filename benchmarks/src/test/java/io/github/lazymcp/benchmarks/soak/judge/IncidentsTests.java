package io.github.lazymcp.benchmarks.soak.judge;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IncidentsTests {

	@Test
	void takesAnErrorResultOrAJsonRpcErrorOfTheServerAsItsAnswerAboutTheCall() {
		assertThat(Incidents.serverAnswered("Error calling tool: [TextContent[text=ENOENT: no such file]]")).isTrue();
		assertThat(Incidents.serverAnswered("\"Error calling tool: [TextContent[text=Invalid path]]\"")).isTrue();
		assertThat(Incidents.serverAnswered("MCP error -32602: Invalid arguments for tool add")).isTrue();
	}

	@Test
	void takesLazyMcpsAndTheTransportsErrorsAsFailedCalls() {
		assertThat(Incidents
			.serverAnswered("MCP server 'memory' is unavailable (down since 2026-11-27T10:00:00Z; last seen ...)"))
			.isFalse();
		assertThat(Incidents.serverAnswered("MCP server 'remote' did not answer the call of 'echo' within 30000 ms"))
			.isFalse();
		assertThat(Incidents.serverAnswered("Did not observe any item or terminal signal within 30000ms")).isFalse();
		assertThat(Incidents.serverAnswered("Error: tool 'memory__read_graph' is not available")).isFalse();
	}

	@Test
	void judgesEachIncidentByTheWindowsAtTheEndOfTheRun() {
		AtomicLong clock = new AtomicLong(1_000);
		FaultWindows windows = new FaultWindows(clock::get);
		Incidents incidents = new Incidents();
		FaultWindows.Window kill = windows.open(FaultWindows.Kind.SERVER, "memory@a", Duration.ofMinutes(1));
		incidents.add(Incidents.Kind.TOOL_CALL, "a", "memory", 1_500, 1_700, "unavailable");
		incidents.add(Incidents.Kind.TOOL_CALL, "a", "memory", 90_000, 90_100, "unavailable");
		clock.set(9_000);
		windows.close(kill);

		assertThat(incidents.unexplained(windows)).singleElement()
			.satisfies((incident) -> assertThat(incident.from()).isEqualTo(90_000));
		assertThat(incidents.explained(windows)).containsEntry("tool call failed", 1L);
	}

}
