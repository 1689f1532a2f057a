package io.github.lazymcp.advisor.internal;

import java.util.stream.IntStream;

import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.LazyToolsFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SystemGuidanceTests {

	private final SystemGuidance guidance = new SystemGuidance("{deferred} tools on {servers}; use {tool}.");

	@Test
	void namesEveryServerOfASmallCatalog() {
		LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE,
				new FakeConnection("fs", "read_file", "write_file"), new FakeConnection("kg", "create_entities"));

		assertThat(this.guidance.render(fixture.catalog.snapshot())).isEqualTo("3 tools on fs, kg; use ToolSearch.");
	}

	@Test
	void namesAtMostThirtyServersAndCountsTheRest() {
		FakeConnection[] servers = IntStream.rangeClosed(1, 45)
			.mapToObj((i) -> new FakeConnection("server%02d".formatted(i), "tool"))
			.toArray(FakeConnection[]::new);
		LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE, servers);

		String rendered = this.guidance.render(fixture.catalog.snapshot());

		assertThat(rendered).startsWith("45 tools on server01, server02, ")
			.endsWith(", server30 and 15 more; use ToolSearch.")
			.doesNotContain("server31");
	}

}
