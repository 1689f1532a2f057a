package io.github.lazymcp.wire;

import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;

import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.ollama.OllamaChatModel;
import org.springframework.ai.ollama.api.OllamaApi;
import org.springframework.ai.ollama.api.OllamaChatOptions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Spring AI's Ollama chat model (Spring's RestClient for calls, WebClient for streams)
 * against a fake Ollama chat API.
 */
@SpringBootTest(classes = { WireTestApplication.class, OllamaWireTests.Ollama.class })
@DirtiesContext
class OllamaWireTests extends ProviderWireTests {

	static final FakeModelServer SERVER = FakeModelServer.start(new OllamaWire());

	@DynamicPropertySource
	static void ollama(DynamicPropertyRegistry registry) {
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

	/**
	 * Ollama documents no rule of its own; the one OpenAI and Anthropic share keeps the
	 * names portable between providers.
	 */
	@Override
	Pattern toolNameRule() {
		return Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");
	}

	@Configuration(proxyBeanMethods = false)
	static class Ollama {

		@Bean
		OllamaChatModel ollamaChatModel(Environment environment, ToolCallingManager toolCallingManager) {
			OllamaApi api = OllamaApi.builder().baseUrl(environment.getRequiredProperty("wire.base-url")).build();
			return OllamaChatModel.builder()
				.ollamaApi(api)
				.options(OllamaChatOptions.builder().model("llama3.2").build())
				.toolCallingManager(toolCallingManager)
				.retryTemplate(new RetryTemplate(RetryPolicy.withMaxRetries(0)))
				.build();
		}

	}

}
