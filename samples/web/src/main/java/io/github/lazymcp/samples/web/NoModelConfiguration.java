package io.github.lazymcp.samples.web;

import java.util.List;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Lets the sample start without any model API key: with {@code spring.ai.model.chat=none}
 * (the sample's default) the chat answers that no model is configured, while the MCP
 * servers, capability auto-activation, lazy-mcp's wire filter and the panel work as
 * usual.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "spring.ai.model.chat", havingValue = "none")
class NoModelConfiguration {

	static final String ANSWER = "No model is configured, so no tool was called; the panel shows what lazy-mcp "
			+ "loaded and sent anyway. Start the sample with SAMPLE_MODEL=openai and OPENAI_API_KEY, "
			+ "SAMPLE_MODEL=anthropic and ANTHROPIC_API_KEY, or SAMPLE_MODEL=ollama.";

	@Bean
	ChatModel noModelConfigured() {
		return new ChatModel() {

			@Override
			public ChatResponse call(Prompt prompt) {
				return new ChatResponse(List.of(new Generation(new AssistantMessage(ANSWER))));
			}

			@Override
			public ChatOptions getOptions() {
				return ToolCallingChatOptions.builder().build();
			}

		};
	}

}
