package io.github.lazymcp.samples.web;

import java.security.Principal;
import java.util.List;
import java.util.UUID;

import io.github.lazymcp.identity.ConversationOwnerException;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The page's calls: {@code POST /chat} with {@code {"conversationId": "...", "message":
 * "..."}}, {@code GET /chat/{conversationId}/requests}, what each model request of the
 * conversation carried, and {@code GET /chat/user}, who is signed in. The conversation id
 * is also lazy-mcp's session id, so the panel reads the same id from
 * {@code /actuator/mcpactivation/{conversationId}}.
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

	/**
	 * Who is signed in (the {@code users} profile), as lazy-mcp names the identity a
	 * conversation is bound to; no one without that profile. With it, reading the CSRF
	 * token here is what sets the {@code XSRF-TOKEN} cookie the page sends back with its
	 * {@code POST /chat} (Spring Security loads a token only when something reads it).
	 */
	@GetMapping("/chat/user")
	SignedIn user(@Nullable Principal principal, @Nullable CsrfToken csrf) {
		if (csrf != null) {
			csrf.getToken();
		}
		return new SignedIn((principal != null) ? principal.getName() : null);
	}

	@GetMapping("/chat/{conversationId}/requests")
	List<ModelRequestLog.ModelRequest> requests(@PathVariable String conversationId) {
		return this.requestLog.requests(conversationId);
	}

	/**
	 * Another user's conversation id ({@code users} profile): a 403 problem whose detail
	 * says to start a new conversation, and nothing of that conversation is read or sent.
	 */
	@ExceptionHandler(ConversationOwnerException.class)
	ProblemDetail notYourConversation(ConversationOwnerException refused) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN, refused.getMessage());
	}

	record ChatRequest(@Nullable String conversationId, @Nullable String message) {
	}

	record ChatReply(String conversationId, @Nullable String answer) {
	}

	record SignedIn(@Nullable String name) {
	}

}
