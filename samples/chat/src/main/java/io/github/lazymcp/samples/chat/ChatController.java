package io.github.lazymcp.samples.chat;

import java.util.UUID;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /chat} with {@code {"conversationId": "...", "message": "..."}}. The
 * conversation id is also lazy-mcp's session id: tools found in one turn stay loaded for
 * the next.
 */
@RestController
class ChatController {

	private final ChatClient chatClient;

	ChatController(ChatClient.Builder builder, ChatMemory memory) {
		// The builder is the auto-configured one, which lazy-mcp has already customised.
		this.chatClient = builder.defaultSystem("You are a helpful assistant. Use tools when they help.")
			.defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build())
			.build();
	}

	@PostMapping("/chat")
	ChatReply chat(@RequestBody ChatRequest request) {
		String conversationId = (request.conversationId() != null) ? request.conversationId()
				: UUID.randomUUID().toString();
		String answer = this.chatClient.prompt()
			.user(request.message())
			.advisors((advisors) -> advisors.param(ChatMemory.CONVERSATION_ID, conversationId))
			.call()
			.content();
		return new ChatReply(conversationId, answer);
	}

	record ChatRequest(String conversationId, String message) {
	}

	record ChatReply(String conversationId, String answer) {
	}

}
