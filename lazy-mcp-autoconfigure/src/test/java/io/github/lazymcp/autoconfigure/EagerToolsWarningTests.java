package io.github.lazymcp.autoconfigure;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

@ExtendWith(OutputCaptureExtension.class)
class EagerToolsWarningTests {

	private static final ServerSettings PINNED_SERVER = new ServerSettings(false, List.of(), List.of(), List.of(),
			Map.of(), null);

	@Test
	void namesTheThresholdWhenMoreThan128ToolsStayBelowIt() {
		CatalogSettings settings = CatalogSettings.DEFAULTS.withThreshold(200, 10_000_000);

		assertThat(EagerToolsWarning.warning(catalog(settings, server("big", 130)).snapshot(), settings))
			.hasValueSatisfying((warning) -> assertThat(warning)
				.startsWith("Every model request carries 130 tools, more than the 128 that OpenAI accepts")
				.contains("130 are not deferred because the catalog is below the deferral thresholds "
						+ "(tools.lazy-mcp.threshold.tools=200, tools.lazy-mcp.threshold.tokens=10000000)")
				.contains("lower tools.lazy-mcp.threshold.tools below 130")
				.doesNotContain("pinned"));
	}

	@Test
	void namesThePinningServersWhenTheyPinMoreThanTheLimitWithToolSearch() {
		CatalogSettings settings = new CatalogSettings(10, 10_000, Map.of("big", PINNED_SERVER));

		assertThat(EagerToolsWarning.warning(catalog(settings, server("big", 128), server("small", 20)).snapshot(),
				settings))
			.hasValueSatisfying((warning) -> assertThat(warning).startsWith("Every model request carries 129 tools")
				.contains("128 are pinned, by server: big (128)")
				.contains("set tools.lazy-mcp.servers.<name>.lazy=true or pin fewer tools")
				.doesNotContain("threshold"));
	}

	@Test
	void staysQuietAtExactly128ToolsCountingToolSearch() {
		CatalogSettings settings = new CatalogSettings(10, 10_000, Map.of("big", PINNED_SERVER));

		assertThat(EagerToolsWarning.warning(catalog(settings, server("big", 127), server("small", 20)).snapshot(),
				settings))
			.isEmpty();
	}

	@Test
	void staysQuietWhenTheToolsAreDeferred() {
		CatalogSettings settings = CatalogSettings.DEFAULTS;

		assertThat(EagerToolsWarning.warning(catalog(settings, server("big", 300)).snapshot(), settings)).isEmpty();
	}

	@Test
	void logsTheWarningWhenTheApplicationIsReady(CapturedOutput output) {
		CatalogSettings settings = CatalogSettings.DEFAULTS.withThreshold(200, 10_000_000);
		LazyMcp lazyMcp = LazyMcp.builder().connections(List.of(server("big", 130))).catalog(settings).build();
		EagerToolsWarning warning = new EagerToolsWarning(lazyMcp, settings);

		warning.onApplicationEvent(mock(ApplicationReadyEvent.class));

		assertThat(output).contains("WARN").contains("Every model request carries 130 tools");
	}

	private static McpCatalog catalog(CatalogSettings settings, McpServerConnection... servers) {
		return new McpCatalog(List.of(servers), settings, new TokenCounter());
	}

	private static FakeConnection server(String name, int tools) {
		return new FakeConnection(name, IntStream.range(0, tools).mapToObj((i) -> "tool_" + i).toArray(String[]::new));
	}

}
