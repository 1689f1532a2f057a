package io.github.lazymcp.benchmarks.soak.app;

import java.time.Duration;

import io.modelcontextprotocol.client.McpClient;

import org.springframework.ai.mcp.customizer.McpClientCustomizer;
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

}
