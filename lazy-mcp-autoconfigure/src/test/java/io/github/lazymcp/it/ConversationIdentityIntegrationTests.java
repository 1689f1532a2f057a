package io.github.lazymcp.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.identity.ConversationOwnerException;
import io.github.lazymcp.identity.internal.OpaqueIds;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Whose conversation it is, in a real app with Spring Security's context, lazy-mcp's
 * auto-configured identity resolver and real MCP servers, on two instances sharing one
 * real PostgreSQL: a user's conversation moves between instances with its tools and its
 * owner; another user naming it is refused before the model is sent anything; in stream
 * mode a tool run on a Reactor thread still sees the user who started the turn.
 */
class ConversationIdentityIntegrationTests extends RealMcpServers {

	private static final String SEARCH = "ToolSearch";

	private final List<ConfigurableApplicationContext> instances = new ArrayList<>();

	@AfterEach
	void stopInstances() {
		this.instances.forEach(ConfigurableApplicationContext::close);
		SecurityContextHolder.clearContext();
	}

	@Test
	void aUsersConversationMovesBetweenInstancesAndIsRefusedToAnotherUser() throws Exception {
		ConfigurableApplicationContext a = instance();
		ConfigurableApplicationContext b = instance();
		model(a).thenCall(SEARCH, "{\"names\": [\"memory__read_graph\"]}").thenAnswer("loaded");
		model(b).thenAnswer("still yours");

		Turns.signedIn("alice", () -> Turns.chat(a, "moving", "load the graph tool"));
		assertThatThrownBy(() -> Turns.signedIn("bob", () -> Turns.chat(b, "moving", "what did alice load?")))
			.isInstanceOf(ConversationOwnerException.class)
			.hasMessageContaining("belongs to another user");
		assertThatThrownBy(() -> Turns.chat(b, "moving", "anyone there?"))
			.isInstanceOf(ConversationOwnerException.class);
		assertThat(model(b).requests()).as("requests sent to the model for refused users").isEmpty();

		assertThat(Turns.signedIn("alice", () -> Turns.chat(b, "moving", "and now?"))).isEqualTo("still yours");
		assertThat(model(b).toolNames(0)).contains("memory__read_graph");
		SessionState state = b.getBean(SessionStore.class).find("moving").orElseThrow().state();
		assertThat(state.owner()).isEqualTo(OpaqueIds.of("alice"));
		assertThat(state.tools().names()).containsExactly("memory__read_graph");
	}

	@Test
	void inStreamModeAToolSeesTheUserWhoStartedTheTurnOnAnyThread() throws Exception {
		ConfigurableApplicationContext a = instance();
		model(a).thenCall("whoAmI", "{}").thenAnswer("done");
		Probe probe = new Probe();

		String answer = Turns.signedIn("alice",
				() -> String.join("",
						client(a).prompt()
							.user("who am I?")
							.tools(probe)
							.advisors((p) -> p.param(ChatMemory.CONVERSATION_ID, "streamed"))
							.stream()
							.content()
							.collectList()
							.block(Duration.ofSeconds(60))));

		assertThat(answer).isEqualTo("done");
		assertThat(probe.seen).containsExactly("alice");
		assertThat(probe.threads).doesNotContain(Thread.currentThread().getName());
		assertThat(model(a).toolResults(1)).singleElement().asString().contains("alice");
		assertThat(a.getBean(SessionStore.class).find("streamed").orElseThrow().state().owner())
			.isEqualTo(OpaqueIds.of("alice"));
	}

	/** A tool of the application's that reads whose turn it runs in. */
	static final class Probe {

		final List<String> seen = new CopyOnWriteArrayList<>();

		final List<String> threads = new CopyOnWriteArrayList<>();

		@Tool(description = "Tells who the current user is")
		String whoAmI(ToolContext context) {
			this.threads.add(Thread.currentThread().getName());
			String identity = LazyMcpRequest.identity(context).orElse("nobody");
			this.seen.add(identity);
			return "you are " + identity;
		}

	}

	private ConfigurableApplicationContext instance() {
		return instanceOnSharedPostgres(this.instances);
	}

	private static ScriptedChatModel model(ConfigurableApplicationContext context) {
		return context.getBean(ScriptedChatModel.class);
	}

	private static ChatClient client(ConfigurableApplicationContext context) {
		return context.getBean(ChatClient.Builder.class).build();
	}

}
