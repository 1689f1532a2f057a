package io.github.lazymcp.tool.internal;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.execution.ToolExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class TrackedToolCallbackTests {

	@Test
	void aDeferredToolCalledWithoutLoadingRunsAndBecomesActive() {
		LazyToolsFixture fixture = fixture(ToolSettings.DeferredCall.ACTIVATE);
		ToolSession session = fixture.sessions.session("s");

		String result = fixture.tracked("fs__read_file").call("{\"path\":\"a\"}", context(session));

		assertThat(result).isEqualTo("ran read_file with {\"path\":\"a\"}");
		assertThat(session.tools().names()).containsExactly("fs__read_file");
		assertThat(fixture.stats.activations()).isEqualTo(1);
	}

	@Test
	void theHintPolicyRunsNothingAndTellsTheModelToLoadTheToolFirst() {
		LazyToolsFixture fixture = fixture(ToolSettings.DeferredCall.HINT);
		ToolSession session = fixture.sessions.session("s");

		String result = fixture.tracked("fs__read_file").call("{}", context(session));

		assertThat(result).contains("is not loaded").contains("{\"names\": [\"fs__read_file\"]}");
		assertThat(session.tools().size()).isZero();
	}

	@Test
	void theSessionNeverReachesTheMcpServer() {
		FakeConnection server = new FakeConnection("fs", "read_file", "write_file");
		LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE, server);
		ToolSession session = fixture.sessions.session("s");

		fixture.tracked("fs__read_file").call("{}", context(session));

		assertThat(server.contexts()).singleElement()
			.satisfies((seen) -> assertThat(seen.getContext()).containsOnlyKeys("user"));
		assertThat(session.tools().names()).containsExactly("fs__read_file");
	}

	@Test
	void aCallOfAToolWhoseServerIsReconnectingRunsNothingAndSaysWhichServerAndWhatToDo() {
		FakeConnection server = new FakeConnection("fs", "read_file", "write_file");
		LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE, server);
		ToolSession session = fixture.sessions.session("s");
		fixture.catalog.snapshot();
		server.health(new ServerHealth(ServerHealth.Status.RECONNECTING, "its process exited with code 137",
				Instant.parse("2026-11-28T10:00:01Z"), Instant.parse("2026-11-28T10:00:00Z")));

		String result = fixture.tracked("fs__read_file").call("{}", context(session));

		assertThat(result).isEqualTo("Error: tool 'fs__read_file' was not run. MCP server 'fs' is reconnecting; try "
				+ "again shortly or use another tool (reconnecting since 2026-11-28T10:00:01Z; last seen "
				+ "2026-11-28T10:00:00Z; its process exited with code 137).");
		assertThat(server.contexts()).isEmpty();
		assertThat(session.tools().size()).isZero();
		assertThat(fixture.stats.refusedCalls("fs")).isEqualTo(1);
		assertThat(fixture.stats.refusedCalls("other")).isZero();
	}

	@Test
	void malformedArgumentsFailWithAMessageTheModelCanActOn() {
		LazyToolsFixture fixture = fixture(ToolSettings.DeferredCall.ACTIVATE);

		assertThatExceptionOfType(ToolExecutionException.class)
			.isThrownBy(() -> fixture.tracked("fs__read_file").call("[1,2]", null))
			.withMessageContaining("not a JSON object");
	}

	@Test
	void aFailedCallDoesNotCountAsUse() {
		FakeConnection failing = new FakeConnection("fs", "read_file", "write_file");
		LazyToolsFixture fixture = new LazyToolsFixture(2, ToolSettings.DeferredCall.ACTIVATE, failing);
		ToolSession session = fixture.sessions.session("s");
		session.activate(java.util.List.of("fs__read_file", "fs__write_file"));

		assertThatExceptionOfType(ToolExecutionException.class)
			.isThrownBy(() -> fixture.tracked("fs__read_file").call("{\"fail\": true}", context(session)));
		fixture.tracked("fs__write_file").call("{}", context(session));
		var result = session.activate(java.util.List.of("fs__other"));

		assertThat(result.evicted()).containsExactly("fs__read_file");
		assertThat(fixture.succeeded).containsExactly("fs__write_file");
	}

	private static LazyToolsFixture fixture(ToolSettings.DeferredCall policy) {
		return new LazyToolsFixture(3, policy, new FakeConnection("fs", "read_file", "write_file"));
	}

	private static ToolContext context(ToolSession session) {
		Map<String, Object> context = new HashMap<>(LazyMcpRequest.toolContext(session).getContext());
		context.put("user", "ada");
		return new ToolContext(context);
	}

}
