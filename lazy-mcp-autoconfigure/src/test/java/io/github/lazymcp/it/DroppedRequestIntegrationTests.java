package io.github.lazymcp.it;

import java.time.Duration;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.autoconfigure.LazyMcpAutoConfiguration;
import io.github.lazymcp.catalog.CatalogTool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.SseHttpClientTransportAutoConfiguration;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.StreamableHttpHttpClientTransportAutoConfiguration;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A server that closes an idle keep-alive connection just as a request is sent on it
 * (Node closes them after five seconds; the JDK's {@code HttpClient} learns of it only
 * when the request's answer does not come, "header parser received no bytes"), played by
 * a proxy that closes the connection a POST starts on, before a byte of it reaches the
 * server: through Spring AI's Streamable HTTP and SSE transports and lazy-mcp's guard,
 * the tool call is sent once more and answered; a call whose second sending is dropped
 * too fails with the cause, and is not sent a third time. The health pings are an hour
 * apart, so the only POSTs are the test's.
 */
class DroppedRequestIntegrationTests {

	private static final String SERVER = "remote";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(StreamableHttpHttpClientTransportAutoConfiguration.class,
				SseHttpClientTransportAutoConfiguration.class, McpClientAutoConfiguration.class,
				ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withPropertyValues("tools.lazy-mcp.health.ping-interval=1h");

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aCallWhoseConnectionClosedBeforeAnyByteOfItsAnswerIsSentOnceMoreAndAnswered(String transport)
			throws Exception {
		try (EverythingOverHttp server = EverythingOverHttp.start(transport);
				LoopbackProxy proxy = LoopbackProxy.to(server.port())) {
			this.runner.withPropertyValues(connection(transport, proxy)).run((context) -> {
				assertThat(context).hasNotFailed();
				CatalogTool echo = echo(context.getBean(LazyMcp.class));

				proxy.dropNextPosts(1);
				String result = echo.callback().call("{\"message\": \"sent twice\"}");

				assertThat(result).contains("sent twice");
				assertThat(proxy.droppedPosts()).as("sendings the proxy dropped").isEqualTo(1);
			});
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aCallDroppedTwiceFailsWithTheCauseAndTheServerStaysUsable(String transport) throws Exception {
		try (EverythingOverHttp server = EverythingOverHttp.start(transport);
				LoopbackProxy proxy = LoopbackProxy.to(server.port())) {
			this.runner.withPropertyValues(connection(transport, proxy)).run((context) -> {
				assertThat(context).hasNotFailed();
				LazyMcp lazyMcp = context.getBean(LazyMcp.class);
				CatalogTool echo = echo(lazyMcp);

				proxy.dropNextPosts(2);

				// A third sending would have reached the server and been answered.
				assertThatThrownBy(() -> echo.callback().call("{\"message\": \"dropped twice\"}"))
					.isInstanceOf(ToolExecutionException.class)
					.hasStackTraceContaining("header parser received no bytes");
				assertThat(proxy.droppedPosts()).as("sendings the proxy dropped").isEqualTo(2);
				await(SERVER + " checked after the failed call").atMost(Duration.ofSeconds(30))
					.until(() -> lazyMcp.catalog().health(SERVER).available());
				assertThat(echo.callback().call("{\"message\": \"after\"}")).contains("after");
			});
		}
	}

	private static String connection(String transport, LoopbackProxy proxy) {
		String kind = transport.equals("sse") ? "sse" : "streamable-http";
		return "spring.ai.mcp.client." + kind + ".connections." + SERVER + ".url=" + proxy.url();
	}

	private static CatalogTool echo(LazyMcp lazyMcp) {
		return lazyMcp.catalog()
			.find(SERVER + "__echo")
			.orElseThrow(() -> new AssertionError(SERVER + "__echo is not in the catalog"));
	}

}
