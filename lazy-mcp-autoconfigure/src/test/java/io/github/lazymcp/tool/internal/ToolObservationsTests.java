package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import io.micrometer.observation.Observation;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.execution.ToolExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The observations of the tool path, read back from a registry: names, low-cardinality
 * tags, and no user text anywhere.
 */
class ToolObservationsTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(2, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("fs", "read_file", "write_file", "list_directory"));

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void aSearchIsObservedWithItsOutcomeAndNoUserText() {
		this.fixture.tracked("ToolSearch")
			.call("{\"query\": \"read my secret diary file\"}", LazyMcpRequest.toolContext(this.session));
		this.fixture.tracked("ToolSearch").call("{\"limit\": 99}", LazyMcpRequest.toolContext(this.session));

		assertThat(tag("lazy.mcp.tool.search", "outcome")).containsExactly("found", "error");
		assertThat(this.fixture.observed).allSatisfy((context) -> {
			assertThat(context.getLowCardinalityKeyValues().toString()).doesNotContain("diary");
			assertThat(context.getHighCardinalityKeyValues().toString()).doesNotContain("diary");
		});
	}

	@Test
	void mcpCallsAreObservedWithTheirServerAndOutcome() {
		this.fixture.tracked("fs__read_file").call("{}", LazyMcpRequest.toolContext(this.session));
		assertThatExceptionOfType(ToolExecutionException.class).isThrownBy(() -> this.fixture.tracked("fs__read_file")
			.call("{\"fail\": true}", LazyMcpRequest.toolContext(this.session)));

		assertThat(tag("lazy.mcp.tool.call", "outcome")).containsExactly("success", "error");
		assertThat(tag("lazy.mcp.tool.call", "server")).containsExactly("fs", "fs");
		assertThat(named("lazy.mcp.tool.call").get(1).getError()).isNotNull();
	}

	@Test
	void activationsAndEvictionsAreObservedWhoeverCausedThem() {
		this.session.activate(List.of("fs__read_file", "fs__write_file"));
		this.session.activate(List.of("fs__list_directory"));

		assertThat(tag("lazy.mcp.activation", "evicted")).containsExactly("false", "true");
	}

	private List<Observation.Context> named(String name) {
		return this.fixture.observed.stream().filter((context) -> name.equals(context.getName())).toList();
	}

	private List<String> tag(String name, String key) {
		return named(name).stream().map((context) -> context.getLowCardinalityKeyValue(key).getValue()).toList();
	}

}
