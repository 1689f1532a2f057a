package io.github.lazymcp.actuate.internal;

import java.util.List;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.LazyToolsFixture;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every meter, read back from a registry after real work through the tool registry.
 */
class LazyMcpMetersTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(2, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("fs", "read_file", "write_file", "list_directory"));

	private final MeterRegistry registry = new SimpleMeterRegistry();

	@Test
	void countsSearchesActivationsEvictionsRequestsAndTokens() {
		new LazyMcpMeters(this.fixture.lazyMcp).bindTo(this.registry);
		ToolSession session = this.fixture.sessions.session("s");

		this.fixture.tracked("ToolSearch")
			.call("{\"names\": [\"fs__read_file\", \"fs__write_file\"]}", LazyMcpRequest.toolContext(session));
		this.fixture.tracked("fs__list_directory").call("{}", LazyMcpRequest.toolContext(session));
		this.fixture.registry.step(session, this.fixture.registry.callbacks());

		assertThat(counter("lazy.mcp.searches")).isEqualTo(1);
		assertThat(counter("lazy.mcp.activations")).isEqualTo(3);
		assertThat(counter("lazy.mcp.evictions")).isEqualTo(1);
		assertThat(counter("lazy.mcp.model.requests")).isEqualTo(1);
		assertThat(this.registry.get("lazy.mcp.tool.schema.tokens").tag("loading", "lazy").functionCounter().count())
			.isEqualTo(this.fixture.stats.tokensSent())
			.isPositive();
		assertThat(this.registry.get("lazy.mcp.tool.schema.tokens").tag("loading", "eager").functionCounter().count())
			.isEqualTo(this.fixture.stats.tokensEager())
			.isPositive();
		assertThat(this.registry.get("lazy.mcp.sessions").gauge().value()).isEqualTo(1);
		assertThat(counter("lazy.mcp.search.fallbacks")).isZero();
		assertThat(this.registry.get("lazy.mcp.servers.unavailable").gauge().value()).isZero();
		assertThat(this.registry.get("lazy.mcp.tools.deferred").gauge().value()).isEqualTo(3);
		assertThat(session.tools().names()).containsExactly("fs__write_file", "fs__list_directory");
	}

	@Test
	void countsSearchesByQueryThatFoundNothing() {
		new LazyMcpMeters(this.fixture.lazyMcp).bindTo(this.registry);
		ToolSession session = this.fixture.sessions.session("s");

		this.fixture.tracked("ToolSearch").call("{\"query\": \"read a file\"}", LazyMcpRequest.toolContext(session));
		this.fixture.tracked("ToolSearch")
			.call("{\"query\": \"quasar chromodynamics\"}", LazyMcpRequest.toolContext(session));
		this.fixture.tracked("ToolSearch").call("{\"names\": [\"fs__nothing\"]}", LazyMcpRequest.toolContext(session));

		assertThat(counter("lazy.mcp.searches")).isEqualTo(3);
		assertThat(counter("lazy.mcp.search.found.nothing")).isEqualTo(1);
		assertThat(this.fixture.stats.timesFound("fs__read_file")).isEqualTo(1);
	}

	@Test
	void countsActivationsNoToolSearchAskedFor() {
		new LazyMcpMeters(this.fixture.lazyMcp).bindTo(this.registry);
		ToolSession session = this.fixture.sessions.session("s");

		// What a capability does when it is enabled: it activates its tools itself.
		session.activate(List.of("fs__read_file", "fs__write_file"));
		session.activate(List.of("fs__list_directory"));

		assertThat(counter("lazy.mcp.searches")).isZero();
		assertThat(counter("lazy.mcp.activations")).isEqualTo(3);
		assertThat(counter("lazy.mcp.evictions")).isEqualTo(1);
	}

	private double counter(String name) {
		return this.registry.get(name).functionCounter().count();
	}

}
