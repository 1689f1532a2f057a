package io.github.lazymcp.benchmarks.soak.app;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.identity.IdentityResolver;
import io.modelcontextprotocol.client.McpClient;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The application the soak command runs twice, each in a child JVM: lazy-mcp's starter as
 * a user adds it, Spring MVC with a chat endpoint, actuator, sessions in PostgreSQL and
 * Spring AI's OpenAI client pointed at the scripted model. Its fixed settings are in
 * {@code soak-app.yml}; the harness passes ports, paths and connections as arguments.
 */
@SpringBootApplication(proxyBeanMethods = false)
public class SoakApplication {

	public static void main(String[] args) {
		System.setProperty("spring.config.name", "soak-app");
		SpringApplication.run(SoakApplication.class, args);
	}

	/**
	 * A minute for the first MCP handshake of each connection rather than the MCP SDK's
	 * 20 s, as an application on a busy host would set (Spring AI has no property for
	 * it): an instance restarted under the soak's load otherwise fails to start when one
	 * server answers late. lazy-mcp's reconnects keep their own bound.
	 * @return the customizer
	 */
	@Bean
	McpClientCustomizer<McpClient.SyncSpec> patientFirstHandshake() {
		return (name, spec) -> spec.initializationTimeout(Duration.ofMinutes(1));
	}

	/**
	 * Each soak user's access token for the per-user server, from the file the harness
	 * writes ({@code soak.tokens}), as an application's token store would give it; read
	 * again when the server refuses a token, since the harness replaces one while the
	 * soak runs, as a refresh would. The identity itself is what the chat endpoint passes
	 * with each request.
	 * @param tokens the file: one {@code user=token} line per user
	 * @return the resolver
	 */
	@Bean
	IdentityResolver soakUsers(@Value("${soak.tokens}") Path tokens) {
		AtomicReference<Map<String, String>> byUser = new AtomicReference<>(read(tokens));
		return new IdentityResolver() {

			@Override
			public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
				return null;
			}

			@Override
			public @Nullable String accessToken(String server, String identity) {
				return byUser.get().get(identity);
			}

			@Override
			public void refused(String server, String identity, String token) {
				if (token.equals(byUser.get().get(identity))) {
					byUser.set(read(tokens));
				}
			}

		};
	}

	private static Map<String, String> read(Path tokens) {
		Properties lines = new Properties();
		try (Reader reader = Files.newBufferedReader(tokens)) {
			lines.load(reader);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Map<String, String> byUser = new HashMap<>();
		lines.forEach((user, token) -> byUser.put(user.toString(), token.toString()));
		return Map.copyOf(byUser);
	}

}
