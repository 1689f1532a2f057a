package io.github.lazymcp.advisor.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.UserTurn;
import io.github.lazymcp.tool.internal.Listeners;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.AssistantMessage.ToolCall;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the session advisor tells the listeners about a user turn, read from the request's
 * messages.
 */
class SessionAdvisorTests {

	private final List<UserTurn> turns = new ArrayList<>();

	private final SessionAdvisor advisor = advisor();

	@Test
	void aRequestWithoutHistoryIsTheFirstTurn() {
		this.advisor.before(request(new SystemMessage("Be brief."), new UserMessage("hello")));

		assertThat(this.turns).singleElement().satisfies((turn) -> {
			assertThat(turn.number()).isEqualTo(1);
			assertThat(turn.text()).isEqualTo("hello");
			assertThat(turn.calledTools()).isEmpty();
		});
	}

	@Test
	void countsTheUserMessagesOfTheHistoryAndCollectsTheToolsCalledInIt() {
		AssistantMessage calls = AssistantMessage.builder()
			.content("")
			.toolCalls(List.of(new ToolCall("1", "function", "fs__read_file", "{}")))
			.build();
		ToolResponseMessage results = ToolResponseMessage.builder()
			.responses(List.of(new ToolResponseMessage.ToolResponse("2", "memory__search_nodes", "[]")))
			.build();

		this.advisor.before(request(new UserMessage("read my notes"), calls, results,
				new AssistantMessage("Here they are."), new UserMessage("now remember that")));

		assertThat(this.turns).singleElement().satisfies((turn) -> {
			assertThat(turn.number()).isEqualTo(2);
			assertThat(turn.text()).isEqualTo("now remember that");
			assertThat(turn.calledTools()).isEqualTo(Set.of("fs__read_file", "memory__search_nodes"));
		});
	}

	@Test
	void aStepOfTheToolLoopStartsNoTurn() {
		this.advisor.before(request(new UserMessage("read my notes"), new AssistantMessage("ok")));

		assertThat(this.turns).isEmpty();
	}

	private SessionAdvisor advisor() {
		SessionStore sessions = SessionStore
			.inMemory(new SessionSettings(4, 10, Duration.ofMinutes(1), Duration.ofMinutes(1)), Clock.systemUTC());
		LazyMcpListener listener = new LazyMcpListener() {

			@Override
			public void turnStarted(ToolSession session, SessionState state, UserTurn turn) {
				SessionAdvisorTests.this.turns.add(turn);
			}

		};
		return new SessionAdvisor(new SessionResolver(sessions, LazyMcpRequest.Keys.DEFAULTS, AccessPolicies.NONE,
				PolicyResolver.parameter("policy"), IdentityResolver.NONE), new Listeners(List.of(listener)));
	}

	private static ChatClientRequest request(Message... messages) {
		return ChatClientRequest.builder().prompt(new Prompt(List.of(messages))).context(Map.of()).build();
	}

}
