package io.github.lazymcp.autoconfigure;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Where Spring AI's MCP client connections lead, read from its properties
 * ({@code spring.ai.mcp.client.stdio|sse|streamable-http.connections.*}), so that a
 * server whose client died can be reconnected with a new client: Spring AI's own clients
 * never reconnect. Servers declared in a {@code servers-configuration} JSON file are not
 * read, and so are not reconnected.
 */
final class SpringAiConnections {

	private static final String PREFIX = "spring.ai.mcp.client";

	private final Map<String, ServerDefinition> servers;

	private final Duration requestTimeout;

	private SpringAiConnections(Map<String, ServerDefinition> servers, Duration requestTimeout) {
		this.servers = servers;
		this.requestTimeout = requestTimeout;
	}

	static SpringAiConnections of(Environment environment) {
		Binder binder = Binder.get(environment);
		Map<String, ServerDefinition> servers = new LinkedHashMap<>();
		binder.bind(PREFIX + ".stdio.connections", Bindable.mapOf(String.class, Stdio.class))
			.orElse(Map.of())
			.forEach((name, stdio) -> {
				if (stdio.command() != null) {
					servers.put(name,
							new ServerDefinition.Stdio(name, stdio.command(),
									(stdio.args() != null) ? stdio.args() : List.of(),
									(stdio.env() != null) ? stdio.env() : Map.of()));
				}
			});
		http(binder, "sse", servers, true);
		http(binder, "streamable-http", servers, false);
		Duration timeout = binder.bind(PREFIX + ".request-timeout", Duration.class).orElse(Duration.ofSeconds(20));
		return new SpringAiConnections(servers, timeout);
	}

	private static void http(Binder binder, String kind, Map<String, ServerDefinition> servers, boolean sse) {
		binder.bind(PREFIX + "." + kind + ".connections", Bindable.mapOf(String.class, Http.class))
			.orElse(Map.of())
			.forEach((name, http) -> {
				if (http.url() != null) {
					String endpoint = (http.endpoint() != null) ? http.endpoint() : http.sseEndpoint();
					String url = http.url().replaceAll("/+$", "")
							+ ((endpoint != null) ? (endpoint.startsWith("/") ? endpoint : "/" + endpoint) : "");
					servers.put(name, new ServerDefinition.Http(name, URI.create(url), sse));
				}
			});
	}

	/**
	 * Every server configured through properties, by connection name.
	 * @return the servers
	 */
	Map<String, ServerDefinition> servers() {
		return this.servers;
	}

	/**
	 * The server behind a connection name.
	 * @param name the connection name
	 * @return its definition, or null when it was not configured through properties
	 */
	@Nullable ServerDefinition server(String name) {
		return this.servers.get(name);
	}

	/**
	 * Spring AI's request timeout, which a new client uses too.
	 * @return the timeout
	 */
	Duration requestTimeout() {
		return this.requestTimeout;
	}

	record Stdio(@Nullable String command, @Nullable List<String> args, @Nullable Map<String, String> env) {
	}

	record Http(@Nullable String url, @Nullable String endpoint, @Nullable String sseEndpoint) {
	}

}
