package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.health.McpClientFactory;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.internal.AttemptTimeout;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import org.junit.jupiter.api.Test;

import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.ai.mcp.client.common.autoconfigure.StdioTransportAutoConfiguration;
import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server declared in Spring AI's {@code servers-configuration} JSON gets a new client
 * like the first one: made by Spring AI's factory methods, through the application's
 * client customizers, initialized. A client factory bean that names no server stops the
 * start with a message that says how to declare it.
 */
class SpringAiClientsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(StdioTransportAutoConfiguration.class,
				McpClientAutoConfiguration.class, ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withPropertyValues("spring.ai.mcp.client.stdio.servers-configuration=classpath:mcp-servers-json/servers.json");

	@Test
	void aServerOfTheJsonConfigurationGetsANewClientThroughTheApplicationsCustomizers() {
		Recording recording = new Recording();
		List<String> customized = recording.names;
		this.runner.withBean(Recording.class, () -> recording).run((context) -> {
			SpringAiClients clients = SpringAiClients.of(context.getBeanFactory());

			assertThat(clients).isNotNull();
			assertThat(clients.connections()).containsExactly("json-memory");
			McpSyncClient fresh = clients.sync("json-memory", thirtySeconds());
			try {
				assertThat(fresh.isInitialized()).isTrue();
				assertThat(fresh.getClientInfo().title()).isEqualTo("json-memory");
				assertThat(fresh.listTools().tools()).extracting((tool) -> tool.name()).contains("read_graph");
				assertThat(customized).containsExactly("json-memory", "json-memory");
			}
			finally {
				fresh.closeGracefully();
			}
		});
	}

	@Test
	void aTransportListTheApplicationDeclaresIsMadeAgainForAReconnectAndNeverReachesSpringAisClientsTwice() {
		this.runner.withUserConfiguration(OwnTransports.class).run((context) -> {
			SpringAiClients clients = SpringAiClients.of(context.getBeanFactory());

			assertThat(context.getBean("mcpSyncClients", List.class)).hasSize(2);
			assertThat(clients.connections()).containsExactlyInAnyOrder("json-memory", "own-thinking");
			McpSyncClient fresh = clients.sync("own-thinking", thirtySeconds());
			try {
				assertThat(fresh.getClientInfo().title()).isEqualTo("own-thinking");
				assertThat(fresh.listTools().tools()).extracting((tool) -> tool.name())
					.containsExactly("sequentialthinking");
				assertThat(OwnTransports.made).hasValue(2);
			}
			finally {
				fresh.closeGracefully();
			}
		});
	}

	/** An application's own transport bean, counting how often it is made. */
	@Configuration(proxyBeanMethods = false)
	static class OwnTransports {

		static final AtomicInteger made = new AtomicInteger();

		@Bean
		List<NamedClientMcpTransport> ownTransports() {
			made.incrementAndGet();
			ServerParameters thinking = ServerParameters
				.builder("../mcp-servers/node_modules/.bin/mcp-server-sequential-thinking")
				.build();
			return List.of(new NamedClientMcpTransport("own-thinking",
					new StdioClientTransport(thinking, McpJsonDefaults.getMapper())));
		}

	}

	/** Records the connection names of the client specs it customizes. */
	static final class Recording implements McpClientCustomizer<McpClient.SyncSpec> {

		final List<String> names = new CopyOnWriteArrayList<>();

		@Override
		public void customize(String name, McpClient.SyncSpec spec) {
			this.names.add(name);
		}

	}

	@Test
	void aClientFactoryBeanThatNamesNoServerStopsTheStartSayingHowToNameIt() {
		this.runner.withBean(McpClientFactory.class, () -> (toolsChanged) -> {
			throw new IllegalStateException("never called");
		}).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("names no server")
				.hasMessageContaining("McpClientFactory.forServer(\"<connection name>\", factory)");
		});
	}

	@Test
	void aClientFactoryBeanForAServerIsAccepted() {
		this.runner.withBean(McpClientFactory.class, () -> McpClientFactory.forServer("hand-built", (toolsChanged) -> {
			throw new IllegalStateException("never called");
		})).run((context) -> assertThat(context).hasNotFailed().hasSingleBean(LazyMcp.class));
	}

	/** Attempts of 30 s: the tests start real servers on a busy machine. */
	private static AttemptTimeout thirtySeconds() {
		HealthSettings defaults = HealthSettings.DEFAULTS;
		return AttemptTimeout
			.of(new HealthSettings(defaults.pingInterval(), defaults.pingTimeout(), defaults.callTimeout(),
					defaults.initialBackoff(), defaults.maxBackoff(), defaults.jitter(), Duration.ofSeconds(30)));
	}

}
