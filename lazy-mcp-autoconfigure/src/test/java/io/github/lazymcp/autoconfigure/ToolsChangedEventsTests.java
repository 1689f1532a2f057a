package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import org.springframework.ai.mcp.McpToolsChangedEvent;
import org.springframework.ai.mcp.client.common.autoconfigure.McpAsyncToolsChangeEventEmmiter;
import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.common.autoconfigure.McpSyncToolsChangeEventEmmiter;
import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The tools-changed events Spring AI publishes while the context is refreshed wait for
 * its singletons: a real server-everything, which sends {@code tools/list_changed} as
 * soon as a client that declares roots, sampling and elicitation is initialized. And the
 * customizers of Spring AI that publish them are the ones lazy-mcp replaces, so that a
 * Spring AI that publishes them another way fails here.
 */
class ToolsChangedEventsTests {

	private static final String EVERYTHING = "../mcp-servers/node_modules/.bin/mcp-server-everything";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(McpClientAutoConfiguration.class, ToolCallingAutoConfiguration.class,
				LazyMcpAutoConfiguration.class))
		.withPropertyValues("tools.lazy-mcp.search.ranker=bm25");

	@Test
	void springAisCustomizersThatPublishTheEventsAreReplaced() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(ToolsChangedEvents.class);
			assertThat(context.getBean("mcpSyncToolChangeEventEmmiter")).isNotNull()
				.isNotInstanceOf(McpSyncToolsChangeEventEmmiter.class);
		});
		this.runner.withPropertyValues("spring.ai.mcp.client.type=ASYNC").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean("mcpAsyncToolChangeEventEmmiter")).isNotNull()
				.isNotInstanceOf(McpAsyncToolsChangeEventEmmiter.class);
		});
	}

	@Test
	void eventsOfARefreshArePublishedOnceItsSingletonsExist() {
		List<McpToolsChangedEvent> published = new CopyOnWriteArrayList<>();
		ToolsChangedEvents events = new ToolsChangedEvents();
		events.setApplicationEventPublisher((event) -> published.add((McpToolsChangedEvent) event));
		@SuppressWarnings("unchecked")
		McpClientCustomizer<McpClient.SyncSpec> customizer = (McpClientCustomizer<McpClient.SyncSpec>) events
			.postProcessAfterInitialization(new McpSyncToolsChangeEventEmmiter((event) -> {
				throw new AssertionError("Spring AI's customizer, which was to be replaced, published " + event);
			}), "mcpSyncToolChangeEventEmmiter");
		McpClient.SyncSpec spec = McpClient
			.sync(new StdioClientTransport(ServerParameters.builder(EVERYTHING).args("stdio").build(),
					McpJsonDefaults.getMapper()))
			.clientInfo(new McpSchema.Implementation("events-test", "everything", "1"))
			.requestTimeout(Duration.ofSeconds(30))
			.capabilities(McpSchema.ClientCapabilities.builder().roots(true).sampling().elicitation().build())
			.sampling((request) -> McpSchema.CreateMessageResult.builder()
				.role(McpSchema.Role.ASSISTANT)
				.content(new McpSchema.TextContent("sampled"))
				.model("none")
				.build())
			.elicitation((request) -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null));
		customizer.customize("everything", spec);
		McpSyncClient client = spec.build();
		try {
			client.initialize();
			await("a tools/list_changed").atMost(Duration.ofSeconds(60)).until(() -> events.waiting() > 0);
			assertThat(published).isEmpty();
			int held = events.waiting();

			events.afterSingletonsInstantiated();

			assertThat(events.waiting()).isEqualTo(-1);
			assertThat(published).hasSizeGreaterThanOrEqualTo(held)
				.allSatisfy((event) -> assertThat(event.getConnectionName()).isEqualTo("everything"));
		}
		finally {
			client.closeGracefully();
		}
	}

}
