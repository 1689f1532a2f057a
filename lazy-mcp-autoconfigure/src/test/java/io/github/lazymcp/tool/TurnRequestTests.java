package io.github.lazymcp.tool;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a request's tool calls may learn from: the user's words that start the turn,
 * without pastes, never those of a private turn, and never sent on to an MCP server.
 */
class TurnRequestTests {

	private final ToolSession session = SessionStore
		.inMemory(new SessionSettings(3, 10, Duration.ofMinutes(5), Duration.ofMinutes(1)), Clock.systemUTC())
		.session("s");

	private Optional<String> learnable(List<Message> messages, Map<String, Object> advisorContext) {
		ChatClientRequest request = ChatClientRequest.builder()
			.prompt(new Prompt(messages, ToolCallingChatOptions.builder().build()))
			.context(advisorContext)
			.build();
		ToolCallingChatOptions options = (ToolCallingChatOptions) LazyMcpRequest.withSession(request, this.session)
			.prompt()
			.getOptions();
		return LazyMcpRequest.turnRequest(new ToolContext(options.getToolContext()));
	}

	@Test
	void aTurnCarriesTheUsersRequestWithoutPastedBlocks() {
		assertThat(learnable(List.of(new UserMessage("why does this fail?\n```java\nString secret = \"x\";\n```")),
				Map.of()))
			.contains("why does this fail?");
	}

	@Test
	void aPrivateTurnCarriesNothing() {
		assertThat(learnable(List.of(new UserMessage("read my diary")), Map.of(LazyMcpRequest.PRIVATE_TURN, true)))
			.isEmpty();
		assertThat(learnable(List.of(new UserMessage("read my diary")), Map.of(LazyMcpRequest.PRIVATE_TURN, "true")))
			.isEmpty();
	}

	@Test
	void aRequestThatStartsNoTurnCarriesNothing() {
		assertThat(learnable(List.of(new UserMessage("hi"), new AssistantMessage("hello")), Map.of())).isEmpty();
	}

	@Test
	void aMessageThatIsOnlyAPasteCarriesNothing() {
		assertThat(learnable(List.of(new UserMessage("```\nonly code\n```")), Map.of())).isEmpty();
	}

	@Test
	void theRequestNeverReachesTheMcpServer() {
		ToolContext context = LazyMcpRequest.toolContext(this.session, "read my notes");

		assertThat(LazyMcpRequest.forServer(context).getContext()).isEmpty();
	}

}
