package io.github.lazymcp.samples.chat;

import java.util.UUID;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

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
		if (request.message() == null || request.message().isBlank()) {
			// Answered as a 400 ProblemDetail by Spring MVC.
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
					"'message' is missing or blank; send {\"message\": \"...\"}");
		}
		String conversationId = (request.conversationId() != null) ? request.conversationId()
				: UUID.randomUUID().toString();
		String answer = this.chatClient.prompt()
			.user(request.message())
			.advisors((advisors) -> advisors.param(ChatMemory.CONVERSATION_ID, conversationId))
			.call()
			.content();
		return new ChatReply(conversationId, answer);
	}

	record ChatRequest(@Nullable String conversationId, @Nullable String message) {
	}

	record ChatReply(String conversationId, @Nullable String answer) {
	}

}
