package io.github.lazymcp.benchmarks.soak.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

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

}
