package io.github.lazymcp.wire;

import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Spring AI's OpenAI chat model (the official OpenAI Java SDK over OkHttp) against a fake
 * Chat Completions API.
 */
@SpringBootTest(classes = { WireTestApplication.class, OpenAiWireTests.OpenAi.class })
@DirtiesContext
class OpenAiWireTests extends ProviderWireTests {

	static final FakeModelServer SERVER = FakeModelServer.start(new OpenAiWire());

	@DynamicPropertySource
	static void openAi(DynamicPropertyRegistry registry) {
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

	/** OpenAI's documented rule for function names. */
	@Override
	Pattern toolNameRule() {
		return Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");
	}

	@Configuration(proxyBeanMethods = false)
	static class OpenAi {

		@Bean
		OpenAiChatModel openAiChatModel(Environment environment, ToolCallingManager toolCallingManager) {
			OpenAiChatOptions options = OpenAiChatOptions.builder()
				.baseUrl(environment.getRequiredProperty("wire.base-url"))
				.apiKey("test-key")
				.model("gpt-4o-mini")
				.maxRetries(0)
				.build();
			return OpenAiChatModel.builder().options(options).toolCallingManager(toolCallingManager).build();
		}

	}

}
