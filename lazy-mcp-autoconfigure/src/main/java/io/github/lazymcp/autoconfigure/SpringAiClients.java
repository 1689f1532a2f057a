package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.github.lazymcp.health.internal.SerializedTransport;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.mcp.annotation.spring.ClientMcpAsyncHandlersRegistry;
import org.springframework.ai.mcp.annotation.spring.ClientMcpSyncHandlersRegistry;
import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.common.autoconfigure.McpSseClientConnectionDetails;
import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.ai.mcp.client.common.autoconfigure.StdioTransportAutoConfiguration;
import org.springframework.ai.mcp.client.common.autoconfigure.configurer.McpAsyncClientConfigurer;
import org.springframework.ai.mcp.client.common.autoconfigure.configurer.McpSyncClientConfigurer;
import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpClientCommonProperties;
import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpStdioClientProperties;
import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpStreamableHttpClientProperties;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.SseHttpClientTransportAutoConfiguration;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.StreamableHttpHttpClientTransportAutoConfiguration;
import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * New clients for the connections of Spring AI's MCP client starter, made exactly as its
 * auto-configuration made the first ones: Spring AI's own transport and client factory
 * methods, called again with the application's beans (its {@code McpClientCustomizer}s of
 * clients and transports, the handlers of its {@code @McpSampling},
 * {@code @McpElicitation}, {@code @McpLogging} and {@code @McpProgress} methods, the
 * connection details, the JSON mapper). Spring AI's clients never reconnect; a server
 * whose client died is reconnected with one of these.
 * <p>
 * Covered: stdio connections (from properties and from the {@code servers-configuration}
 * JSON), SSE and Streamable HTTP connections of the JDK {@code HttpClient} transports.
 * Clients an application builds itself, and transports of other modules (WebFlux), need
 * an {@code McpClientFactory} bean made with {@code McpClientFactory.forServer}.
 */
final class SpringAiClients {

	private static final String CLIENT_AUTO_CONFIGURATION = "org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration";

	private static final String HTTP_CLIENT_AUTO_CONFIGURATION = "org.springframework.ai.mcp.client.httpclient.autoconfigure.StreamableHttpHttpClientTransportAutoConfiguration";

	private final ListableBeanFactory beans;

	private SpringAiClients(ListableBeanFactory beans) {
		this.beans = beans;
	}

	/**
	 * The clients of an application, when it uses Spring AI's MCP client starter.
	 * @param beans the application's beans
	 * @return the clients, or null without the starter's auto-configuration
	 */
	static @Nullable SpringAiClients of(ListableBeanFactory beans) {
		ClassLoader classLoader = SpringAiClients.class.getClassLoader();
		if (!ClassUtils.isPresent(CLIENT_AUTO_CONFIGURATION, classLoader)
				|| beans.getBeanNamesForType(McpClientCommonProperties.class).length == 0) {
			return null;
		}
		return new SpringAiClients(beans);
	}

	/**
	 * Spring AI's request timeout, which blocking calls on asynchronous clients use too.
	 * @return the timeout
	 */
	Duration requestTimeout() {
		return this.beans.getBean(McpClientCommonProperties.class).getRequestTimeout();
	}

	/**
	 * Every connection this class can make a new client for, by connection name.
	 * @return the names
	 */
	Set<String> connections() {
		Set<String> names = new LinkedHashSet<>();
		this.beans.getBeanProvider(McpStdioClientProperties.class)
			.ifAvailable((stdio) -> names.addAll(stdio.toServerParameters().keySet()));
		if (httpClientTransports()) {
			this.beans.getBeanProvider(McpSseClientConnectionDetails.class)
				.ifAvailable((sse) -> names.addAll(sse.getConnections().keySet()));
			this.beans.getBeanProvider(McpStreamableHttpClientProperties.class)
				.ifAvailable((streamable) -> names.addAll(streamable.getConnections().keySet()));
		}
		return names;
	}

	/**
	 * A new synchronous client for a connection, initialized.
	 * @param name the connection name
	 * @return the client
	 */
	McpSyncClient sync(String name) {
		List<McpSyncClient> made = new McpClientAutoConfiguration().mcpSyncClients(
				this.beans.getBean(McpSyncClientConfigurer.class), this.beans.getBean(McpClientCommonProperties.class),
				given(List.of(transport(name))), this.beans.getBeanProvider(ClientMcpSyncHandlersRegistry.class));
		McpSyncClient client = made.get(0);
		if (!client.isInitialized()) {
			client.initialize();
		}
		return client;
	}

	/**
	 * A new asynchronous client for a connection, initialized.
	 * @param name the connection name
	 * @return the client
	 */
	McpAsyncClient async(String name) {
		List<McpAsyncClient> made = new McpClientAutoConfiguration().mcpAsyncClients(
				this.beans.getBean(McpAsyncClientConfigurer.class), this.beans.getBean(McpClientCommonProperties.class),
				given(List.of(transport(name))), this.beans.getBeanProvider(ClientMcpAsyncHandlersRegistry.class));
		McpAsyncClient client = made.get(0);
		if (!client.isInitialized()) {
			client.initialize().block(requestTimeout());
		}
		return client;
	}

	/**
	 * A new transport for a connection, from the transport factory of its kind; the
	 * factory makes one for every connection of that kind, and the others are dropped
	 * unopened.
	 */
	private NamedClientMcpTransport transport(String name) {
		List<NamedClientMcpTransport> made = stdio(name);
		if (made.isEmpty()) {
			made = streamable(name);
		}
		if (made.isEmpty()) {
			made = sse(name);
		}
		return made.stream()
			.filter((transport) -> transport.name().equals(name))
			.map(SpringAiClients::serialized)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException(
					"MCP connection '%s' is not configured under spring.ai.mcp.client.stdio, .sse or .streamable-http"
						.formatted(name)));
	}

	/**
	 * The transport with its sends serialized when it needs it: see
	 * {@link SerializedTransport}.
	 * @param named a transport Spring AI's factories made
	 * @return the transport to give a client
	 */
	static NamedClientMcpTransport serialized(NamedClientMcpTransport named) {
		McpClientTransport transport = SerializedTransport.of(named.transport());
		return (transport == named.transport()) ? named : new NamedClientMcpTransport(named.name(), transport);
	}

	private List<NamedClientMcpTransport> stdio(String name) {
		McpStdioClientProperties stdio = this.beans.getBeanProvider(McpStdioClientProperties.class).getIfAvailable();
		return (stdio != null && stdio.toServerParameters().containsKey(name))
				? new StdioTransportAutoConfiguration().stdioTransports(stdio) : List.of();
	}

	private List<NamedClientMcpTransport> streamable(String name) {
		McpStreamableHttpClientProperties streamable = httpClientTransports()
				? this.beans.getBeanProvider(McpStreamableHttpClientProperties.class).getIfAvailable() : null;
		if (streamable == null || !streamable.getConnections().containsKey(name)) {
			return List.of();
		}
		return new StreamableHttpHttpClientTransportAutoConfiguration().streamableHttpHttpClientTransports(streamable,
				this.beans.getBeanProvider(JsonMapper.class), this.beans.getBeanProvider(ResolvableType
					.forClassWithGenerics(McpClientCustomizer.class, HttpClientStreamableHttpTransport.Builder.class)));
	}

	private List<NamedClientMcpTransport> sse(String name) {
		McpSseClientConnectionDetails sse = httpClientTransports()
				? this.beans.getBeanProvider(McpSseClientConnectionDetails.class).getIfAvailable() : null;
		if (sse == null || !sse.getConnections().containsKey(name)) {
			return List.of();
		}
		return new SseHttpClientTransportAutoConfiguration().sseHttpClientTransports(sse,
				this.beans.getBeanProvider(JsonMapper.class), this.beans.getBeanProvider(ResolvableType
					.forClassWithGenerics(McpClientCustomizer.class, HttpClientSseClientTransport.Builder.class)));
	}

	private static boolean httpClientTransports() {
		return ClassUtils.isPresent(HTTP_CLIENT_AUTO_CONFIGURATION, SpringAiClients.class.getClassLoader());
	}

	private static <T> ObjectProvider<T> given(T value) {
		return new ObjectProvider<>() {

			@Override
			public T getObject() throws BeansException {
				return value;
			}

			@Override
			public T getObject(@Nullable Object... args) throws BeansException {
				return value;
			}

			@Override
			public T getIfAvailable() throws BeansException {
				return value;
			}

			@Override
			public T getIfUnique() throws BeansException {
				return value;
			}

			@Override
			public Stream<T> stream() {
				return Stream.of(value);
			}

			@Override
			public Stream<T> orderedStream() {
				return Stream.of(value);
			}

		};
	}

}
