package io.github.lazymcp.it;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.autoconfigure.LazyMcpAutoConfiguration;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.ServerHealth;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import org.junit.jupiter.api.Test;

import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.StreamableHttpHttpClientTransportAutoConfiguration;
import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Streamable HTTP server killed and started again on its port, as the soak's fault
 * does: reached through Spring AI's JDK {@code HttpClient} transport and a proxy that
 * accepts connections while the server is away (as the soak's delay proxy and a load
 * balancer do), its reconnect attempts fail while it is away the way they failed in the
 * soak ("header parser received no bytes"), and the first attempt that starts after it
 * listens again brings it back, and its tools answer: nothing of the failed attempts (a
 * transport, an HTTP client, a pooled connection to the proxy) is carried into the next
 * one. Attempts are told apart by the transports Spring AI's transport bean makes, one
 * per attempt, seen by an application's transport customizer.
 */
class StreamableHttpReconnectIntegrationTests {

	private static final String SERVER = "remote";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(StreamableHttpHttpClientTransportAutoConfiguration.class,
				McpClientAutoConfiguration.class, ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withUserConfiguration(Attempts.class)
		.withPropertyValues("tools.lazy-mcp.health.ping-interval=200ms", "tools.lazy-mcp.health.ping-timeout=2s",
				"tools.lazy-mcp.health.reconnect.initial-backoff=200ms",
				"tools.lazy-mcp.health.reconnect.max-backoff=500ms", "tools.lazy-mcp.health.reconnect.jitter=0");

	@Test
	void theFirstReconnectAttemptThatStartsAfterTheServerListensAgainBringsItBack() throws Exception {
		try (EverythingOverHttp server = EverythingOverHttp.start("streamableHttp");
				LoopbackProxy proxy = LoopbackProxy.to(server.port())) {
			this.runner
				.withPropertyValues(
						"spring.ai.mcp.client.streamable-http.connections." + SERVER + ".url=" + proxy.url())
				.run((context) -> {
					assertThat(context).hasNotFailed();
					LazyMcp lazyMcp = context.getBean(LazyMcp.class);
					Attempts attempts = context.getBean(Attempts.class);

					server.stop();
					int before = attempts.count();
					await("three reconnect attempts while the server is away").atMost(Duration.ofSeconds(60))
						.pollInterval(Duration.ofMillis(20))
						.until(() -> attempts.count() >= before + 3 && !health(lazyMcp).available());
					String whileAway = health(lazyMcp).lastError();

					server.start();
					long listening = System.nanoTime();
					await(SERVER + " up again").atMost(Duration.ofSeconds(60))
						.pollInterval(Duration.ofMillis(20))
						.until(() -> health(lazyMcp).available());
					List<Long> startedAfter = attempts.startedAfter(listening);

					assertThat(whileAway).as("why the attempts failed while the server was away")
						.startsWith("reconnect failed")
						.contains("header parser received no bytes");
					assertThat(proxy.closedUnserved()).as("connections the proxy closed while the server was away")
						.isGreaterThanOrEqualTo(3);
					assertThat(startedAfter)
						.as("reconnect attempts that started after the server listened again (all but one failed)")
						.hasSizeLessThanOrEqualTo(1);
					Optional<CatalogTool> echo = lazyMcp.catalog().find(SERVER + "__echo");
					assertThat(echo).as("its echo tool once it is up again").isPresent();
					assertThat(echo.get().callback().call("{\"message\": \"back\"}")).contains("back");
				});
		}
	}

	private static ServerHealth health(LazyMcp lazyMcp) {
		return lazyMcp.catalog().health(SERVER);
	}

	/**
	 * When each transport of the server was made: Spring AI's transport bean is made
	 * again for each reconnect attempt, through the application's transport customizers.
	 */
	@Configuration(proxyBeanMethods = false)
	static class Attempts {

		private final List<Long> made = new CopyOnWriteArrayList<>();

		@Bean
		McpClientCustomizer<HttpClientStreamableHttpTransport.Builder> countTransports() {
			return (name, builder) -> {
				if (name.equals(SERVER)) {
					this.made.add(System.nanoTime());
				}
			};
		}

		int count() {
			return this.made.size();
		}

		List<Long> startedAfter(long nanoTime) {
			return this.made.stream().filter((made) -> made - nanoTime > 0).toList();
		}

	}

}
