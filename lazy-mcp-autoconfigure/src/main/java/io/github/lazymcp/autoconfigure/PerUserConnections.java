package io.github.lazymcp.autoconfigure;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySettings.PerUserConnection;
import io.github.lazymcp.settings.InvalidSettingException;

import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpSseClientProperties;
import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpStdioClientProperties;
import org.springframework.ai.mcp.client.common.autoconfigure.properties.McpStreamableHttpClientProperties;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The connections of Spring AI's MCP client marked per user
 * ({@code tools.lazy-mcp.servers.<name>.per-user.enabled}): where each one is, read from
 * Spring AI's own properties ({@code spring.ai.mcp.client.streamable-http.connections},
 * {@code .sse.connections} and {@code .stdio.connections}; not its
 * {@code servers-configuration} file), and a post-processor that takes them out of those
 * properties before Spring AI's client makes its transports, so that Spring AI never
 * connects them for the whole application, under no one's identity.
 */
final class PerUserConnections {

	private static final String STREAMABLE = "spring.ai.mcp.client.streamable-http.connections.";

	private static final String SSE = "spring.ai.mcp.client.sse.connections.";

	private static final String STDIO = "spring.ai.mcp.client.stdio.connections.";

	private PerUserConnections() {
	}

	/**
	 * The connections marked per user, each with its Spring AI connection's address.
	 * @param properties the bound properties
	 * @param environment where Spring AI's properties are
	 * @return the connections, by name
	 * @throws InvalidLazyMcpPropertyException when one has no Spring AI connection over
	 * HTTP of its name, or no description
	 */
	static List<PerUserConnection> of(LazyMcpProperties properties, Environment environment) {
		Binder binder = Binder.get(environment);
		List<PerUserConnection> connections = new ArrayList<>();
		for (Map.Entry<String, LazyMcpProperties.Server> server : new TreeMap<>(properties.getServers()).entrySet()) {
			String name = server.getKey();
			LazyMcpProperties.PerUser perUser = server.getValue().getPerUser();
			if (!perUser.isEnabled()) {
				continue;
			}
			String key = LazyMcpProperties.PREFIX + ".servers." + name + ".per-user";
			String streamable = binder.bind(STREAMABLE + name + ".url", String.class).orElse(null);
			String sse = binder.bind(SSE + name + ".url", String.class).orElse(null);
			String command = binder.bind(STDIO + name + ".command", String.class).orElse(null);
			if (streamable == null && sse == null && command != null) {
				connections.add(stdio(binder, name, command, perUser, key));
				continue;
			}
			if (streamable == null && sse == null) {
				throw InvalidLazyMcpPropertyException.conflict(key + ".enabled", true,
						"no connection '%s' under %s, %s or %s".formatted(name, prefix(STREAMABLE), prefix(SSE),
								prefix(STDIO)),
						"Configure %s%s.url, or set %s.enabled to false.".formatted(STREAMABLE, name, key));
			}
			String urlKey = ((streamable != null) ? STREAMABLE : SSE) + name + ".url";
			URI url;
			try {
				url = (streamable != null)
						? URI.create(streamable)
							.resolve(binder.bind(STREAMABLE + name + ".endpoint", String.class).orElse("/mcp"))
						: URI.create(sse)
							.resolve(binder.bind(SSE + name + ".sse-endpoint", String.class).orElse("/sse"));
			}
			catch (IllegalArgumentException ex) {
				throw InvalidLazyMcpPropertyException.rejected(urlKey,
						String.valueOf((streamable != null) ? streamable : sse), "must be an http or https URL");
			}
			try {
				connections.add(new PerUserConnection(name, url, streamable == null,
						Objects.requireNonNullElse(perUser.getDescription(), ""), perUser.getTriggers()));
			}
			catch (InvalidSettingException ex) {
				String property = switch (ex.component()) {
					case "description" -> key + ".description";
					case "url" -> urlKey;
					default -> LazyMcpProperties.PREFIX + ".servers." + name;
				};
				throw InvalidLazyMcpPropertyException.rejected(property, String.valueOf(ex.value()), ex.rule());
			}
		}
		return connections;
	}

	/** A stdio connection, one process per identity with its token in token-env. */
	private static PerUserConnection stdio(Binder binder, String name, String command,
			LazyMcpProperties.PerUser perUser, String key) {
		List<String> args = binder.bind(STDIO + name + ".args", Bindable.listOf(String.class)).orElse(List.of());
		Map<String, String> env = binder.bind(STDIO + name + ".env", Bindable.mapOf(String.class, String.class))
			.orElse(Map.of());
		try {
			return new PerUserConnection(name,
					new CapabilitySettings.Command(command, args, env,
							Objects.requireNonNullElse(perUser.getTokenEnv(), "")),
					Objects.requireNonNullElse(perUser.getDescription(), ""), perUser.getTriggers());
		}
		catch (InvalidSettingException ex) {
			String property = switch (ex.component()) {
				case "description" -> key + ".description";
				case "tokenEnv" -> key + ".token-env";
				default -> STDIO + name + "." + ex.component();
			};
			throw InvalidLazyMcpPropertyException.rejected(property, String.valueOf(ex.value()), ex.rule());
		}
	}

	private static String prefix(String connections) {
		return connections.substring(0, connections.length() - 1);
	}

	/**
	 * The names marked per user, read before the properties are bound as beans.
	 * @param environment the environment
	 * @return the names
	 */
	static Set<String> names(Environment environment) {
		Map<String, LazyMcpProperties.Server> servers = Binder.get(environment)
			.bind(LazyMcpProperties.PREFIX + ".servers", Bindable.mapOf(String.class, LazyMcpProperties.Server.class))
			.orElse(Map.of());
		Set<String> names = new TreeSet<>();
		servers.forEach((name, server) -> {
			if (server.getPerUser().isEnabled()) {
				names.add(name);
			}
		});
		return names;
	}

	/**
	 * Takes the per-user connections out of Spring AI's Streamable HTTP and SSE client
	 * properties once they are bound, before any transport is made from them.
	 */
	static final class Detach implements BeanPostProcessor {

		private final Set<String> names;

		Detach(Environment environment) {
			this.names = names(environment);
		}

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (bean instanceof McpStreamableHttpClientProperties streamable) {
				streamable.getConnections().keySet().removeAll(this.names);
			}
			if (bean instanceof McpSseClientProperties sse) {
				sse.getConnections().keySet().removeAll(this.names);
			}
			if (bean instanceof McpStdioClientProperties stdio) {
				stdio.getConnections().keySet().removeAll(this.names);
			}
			return bean;
		}

	}

}
