package io.github.lazymcp.samples.web;

import java.util.List;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The page's two calls: {@code POST /chat} with {@code {"conversationId": "...",
 * "message": "..."}}, and {@code GET /chat/{conversationId}/requests}, what each model
 * request of the conversation carried. The conversation id is also lazy-mcp's session id,
 * so the panel reads the same id from {@code /actuator/mcpactivation/{conversationId}}.
 */
@RestController
class ChatController {

	private final ChatClient chatClient;

	private final ModelRequestLog requestLog;

	ChatController(ChatClient.Builder builder, ChatMemory memory, ModelRequestLog requestLog) {
		// The builder is the auto-configured one, which lazy-mcp has already customised.
		this.chatClient = builder.defaultSystem("You are a helpful assistant. Use tools when they help.")
			.defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build(), requestLog)
			.build();
		this.requestLog = requestLog;
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

	@GetMapping("/chat/{conversationId}/requests")
	List<ModelRequestLog.ModelRequest> requests(@PathVariable String conversationId) {
		return this.requestLog.requests(conversationId);
	}

	record ChatRequest(@Nullable String conversationId, @Nullable String message) {
	}

	record ChatReply(String conversationId, @Nullable String answer) {
	}

}
