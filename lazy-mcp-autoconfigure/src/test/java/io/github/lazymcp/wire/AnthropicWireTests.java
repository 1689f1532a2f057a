package io.github.lazymcp.wire;

import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Spring AI's Anthropic chat model (the official Anthropic Java SDK over OkHttp) against
 * a fake Messages API.
 */
@SpringBootTest(classes = { WireTestApplication.class, AnthropicWireTests.Anthropic.class })
@DirtiesContext
class AnthropicWireTests extends ProviderWireTests {

	static final FakeModelServer SERVER = FakeModelServer.start(new AnthropicWire());

	@DynamicPropertySource
	static void anthropic(DynamicPropertyRegistry registry) {
		registry.add("wire.base-url", SERVER::baseUrl);
	}

	@AfterAll
	static void stop() {
		SERVER.close();
	}

	@Override
	FakeModelServer server() {
		return SERVER;
	}

	/** Anthropic's documented rule for tool names. */
	@Override
	Pattern toolNameRule() {
		return Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");
	}

	/**
	 * Spring AI 2.0.0's Anthropic client sends the schema without its {@code $schema}
	 * keyword.
	 */
	@Override
	JsonNode wireSchema(ObjectNode mcpSchema) {
		mcpSchema.remove("$schema");
		return mcpSchema;
	}

	@Configuration(proxyBeanMethods = false)
	static class Anthropic {

		@Bean
		AnthropicChatModel anthropicChatModel(Environment environment, ToolCallingManager toolCallingManager) {
			AnthropicChatOptions options = AnthropicChatOptions.builder()
				.baseUrl(environment.getRequiredProperty("wire.base-url"))
				.apiKey("test-key")
				.model("claude-sonnet-4-5")
				.maxTokens(1024)
				.maxRetries(0)
				.build();
			return AnthropicChatModel.builder().options(options).toolCallingManager(toolCallingManager).build();
		}

	}

}
