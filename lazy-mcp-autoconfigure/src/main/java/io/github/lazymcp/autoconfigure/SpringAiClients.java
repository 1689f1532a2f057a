package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.health.internal.AttemptTimeout;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.mcp.annotation.spring.ClientMcpAsyncHandlersRegistry;
import org.springframework.ai.mcp.annotation.spring.ClientMcpSyncHandlersRegistry;
import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.ai.mcp.client.common.autoconfigure.configurer.McpAsyncClientConfigurer;
import org.springframework.ai.mcp.client.common.autoconfigure.configurer.McpSyncClientConfigurer;
import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpClientCommonProperties;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * New clients for the connections of Spring AI's MCP client starter, made as its
 * auto-configuration made the first ones, through public types only: the transport comes
 * from the application's own transport bean definition made again
 * ({@link ReconnectTransports}), and the client from the MCP SDK's builder with what
 * Spring AI gives its clients (client info, request timeout, the handlers of the
 * application's {@code @McpSampling}, {@code @McpElicitation}, {@code @McpLogging},
 * {@code @McpProgress} and list-changed methods), then the application's
 * {@code McpClientCustomizer} beans through Spring AI's configurer bean. Spring AI's
 * clients never reconnect; a server whose client died is reconnected with one of these.
 * <p>
 * Covered: every connection of a {@code List<NamedClientMcpTransport>} bean defined by a
 * bean definition: stdio (from properties and from the {@code servers-configuration}
 * JSON), SSE and Streamable HTTP of the JDK {@code HttpClient} and of the WebFlux
 * transports, and such lists an application declares itself. Clients an application
 * builds itself need an {@code McpClientFactory} bean made with
 * {@code McpClientFactory.forServer}.
 */
final class SpringAiClients {

	private static final String COMMON_PROPERTIES = "org.springframework.ai.mcp.client.common.autoconfigure.properties.McpClientCommonProperties";

	private final ListableBeanFactory beans;

	private final Map<String, String> transportBeans;

	private SpringAiClients(ListableBeanFactory beans, Map<String, String> transportBeans) {
		this.beans = beans;
		this.transportBeans = transportBeans;
	}

	/**
	 * The clients of an application, when it uses Spring AI's MCP client starter.
	 * @param beans the application's beans
	 * @return the clients, or null without the starter's auto-configuration
	 */
	static @Nullable SpringAiClients of(ListableBeanFactory beans) {
		if (!ClassUtils.isPresent(COMMON_PROPERTIES, SpringAiClients.class.getClassLoader())
				|| beans.getBeanNamesForType(McpClientCommonProperties.class).length == 0) {
			return null;
		}
		return new SpringAiClients(beans, ReconnectTransports.byConnection(beans));
	}

	/**
	 * Spring AI's request timeout, which blocking calls on asynchronous clients use too.
	 * @return the timeout
	 */
	Duration requestTimeout() {
		return common().getRequestTimeout();
	}

	/**
	 * Every connection this class can make a new client for, by connection name.
	 * @return the names
	 */
	Set<String> connections() {
		return this.transportBeans.keySet();
	}

	/**
	 * A new synchronous client for a connection, initialized.
	 * @param name the connection name
	 * @param attempt how long reaching the server (or starting it) and the MCP handshake
	 * may take
	 * @return the client
	 * @throws RuntimeException when the server could not be reached in time; nothing is
	 * left running then
	 */
	McpSyncClient sync(String name, AttemptTimeout attempt) {
		McpClientTransport transport = transport(name);
		return attempt.run(AttemptTimeout.startsProcess(transport), (timeout) -> sync(name, transport, timeout));
	}

	private McpSyncClient sync(String name, McpClientTransport transport, Duration timeout) {
		McpClient.SyncSpec spec = McpClient.sync(transport)
			.clientInfo(clientInfo(name, true))
			.requestTimeout(requestTimeout());
		this.beans.getBeanProvider(ClientMcpSyncHandlersRegistry.class)
			.ifAvailable((registry) -> spec.sampling((request) -> registry.handleSampling(name, request))
				.elicitation((request) -> registry.handleElicitation(name, request))
				.loggingConsumer((message) -> registry.handleLogging(name, message))
				.progressConsumer((progress) -> registry.handleProgress(name, progress))
				.toolsChangeConsumer((tools) -> registry.handleToolListChanged(name, tools))
				.promptsChangeConsumer((prompts) -> registry.handlePromptListChanged(name, prompts))
				.resourcesChangeConsumer((resources) -> registry.handleResourceListChanged(name, resources))
				.capabilities(registry.getCapabilities(name)));
		// The attempt's bound is set after the application's customizers, which may have
		// set a longer one for the first start.
		McpSyncClient client = this.beans.getBean(McpSyncClientConfigurer.class)
			.configure(name, spec)
			.initializationTimeout(timeout)
			.build();
		try {
			client.initialize();
			return client;
		}
		catch (RuntimeException | Error ex) {
			// A stdio server may be running, mute; end it rather than leak it.
			client.close();
			throw ex;
		}
	}

	/**
	 * A new asynchronous client for a connection, initialized.
	 * @param name the connection name
	 * @param attempt how long reaching the server (or starting it) and the MCP handshake
	 * may take
	 * @return the client
	 * @throws RuntimeException when the server could not be reached in time; nothing is
	 * left running then
	 */
	McpAsyncClient async(String name, AttemptTimeout attempt) {
		McpClientTransport transport = transport(name);
		return attempt.run(AttemptTimeout.startsProcess(transport), (timeout) -> async(name, transport, timeout));
	}

	private McpAsyncClient async(String name, McpClientTransport transport, Duration timeout) {
		McpClient.AsyncSpec spec = McpClient.async(transport)
			.clientInfo(clientInfo(name, false))
			.requestTimeout(requestTimeout());
		this.beans.getBeanProvider(ClientMcpAsyncHandlersRegistry.class)
			.ifAvailable((registry) -> spec.sampling((request) -> registry.handleSampling(name, request))
				.elicitation((request) -> registry.handleElicitation(name, request))
				.loggingConsumer((message) -> registry.handleLogging(name, message))
				.progressConsumer((progress) -> registry.handleProgress(name, progress))
				.toolsChangeConsumer((tools) -> registry.handleToolListChanged(name, tools))
				.promptsChangeConsumer((prompts) -> registry.handlePromptListChanged(name, prompts))
				.resourcesChangeConsumer((resources) -> registry.handleResourceListChanged(name, resources))
				.capabilities(registry.getCapabilities(name)));
		McpAsyncClient client = this.beans.getBean(McpAsyncClientConfigurer.class)
			.configure(name, spec)
			.initializationTimeout(timeout)
			.build();
		try {
			client.initialize().block(timeout);
			return client;
		}
		catch (RuntimeException | Error ex) {
			client.close();
			throw ex;
		}
	}

	/**
	 * The client info Spring AI gives a connection's client: "{client name} - {connection
	 * name}", and for a synchronous client the connection name as its title (lazy-mcp
	 * reads the connection name from either).
	 */
	private McpSchema.Implementation clientInfo(String name, boolean titled) {
		McpClientCommonProperties common = common();
		McpSchema.Implementation.Builder info = McpSchema.Implementation.builder(common.getName() + " - " + name,
				common.getVersion());
		return (titled ? info.title(name) : info).build();
	}

	private McpClientCommonProperties common() {
		return this.beans.getBean(McpClientCommonProperties.class);
	}

	/**
	 * A new transport for a connection: its transport bean made again (and, like the
	 * original, guarded and with its sends serialized where needed by
	 * {@link TransportLifecycle}), the transports of the other connections in the same
	 * list dropped unopened.
	 */
	private McpClientTransport transport(String name) {
		String bean = this.transportBeans.get(name);
		if (bean == null) {
			throw new IllegalStateException(
					"MCP connection '%s' is not configured under spring.ai.mcp.client.stdio, .sse or .streamable-http"
						.formatted(name));
		}
		return ReconnectTransports.make(this.beans, bean)
			.stream()
			.filter((transport) -> transport.name().equals(name))
			.findFirst()
			.map(NamedClientMcpTransport::transport)
			.orElseThrow(() -> new IllegalStateException("MCP connection '%s' is no longer made by the bean '%s'"
				.formatted(name, ReconnectTransports.original(bean))));
	}

}
