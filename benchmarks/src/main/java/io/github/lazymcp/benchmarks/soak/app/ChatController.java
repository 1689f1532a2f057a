package io.github.lazymcp.benchmarks.soak.app;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code POST /chat/{conversationId}} with {@code {"message": "..."}}: one user turn
 * through the auto-configured {@link ChatClient}, which lazy-mcp has customised. The
 * conversation id is lazy-mcp's session id, and the OpenAI request's {@code user}, as an
 * application names its end user to the provider. A turn of a signed-in user names them
 * in {@value #USER}: lazy-mcp's identity for the conversation. Each model request carries
 * the health of the instance's MCP servers at that step ({@link ServerStates}), for the
 * harness's ledger.
 */
@RestController
class ChatController {

	/**
	 * The header that names the signed-in user, as a gateway in front of the app would.
	 */
	static final String USER = "X-Soak-User";

	private final ChatClient chat;

	ChatController(ChatClient.Builder builder, LazyMcp lazyMcp) {
		this.chat = builder.defaultSystem("You are a helpful assistant. Use tools when they help.")
			.defaultAdvisors(ServerStates.advisors(lazyMcp))
			.build();
	}

	@PostMapping("/chat/{conversationId}")
	Reply chat(@PathVariable String conversationId, @RequestBody Turn turn,
			@RequestHeader(name = USER, required = false) @Nullable String user) {
		if (turn.message() == null || turn.message().isBlank()) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
					"'message' is missing or blank; send {\"message\": \"...\"}");
		}
		String answer = this.chat.prompt()
			.user(turn.message())
			.options(OpenAiChatOptions.builder().user(conversationId))
			.advisors((advisors) -> {
				advisors.param(ChatMemory.CONVERSATION_ID, conversationId);
				if (user != null) {
					advisors.param(LazyMcpRequest.IDENTITY, user);
				}
			})
			.call()
			.content();
		return new Reply(answer);
	}

	record Turn(@Nullable String message) {
	}

	record Reply(@Nullable String answer) {
	}

}
