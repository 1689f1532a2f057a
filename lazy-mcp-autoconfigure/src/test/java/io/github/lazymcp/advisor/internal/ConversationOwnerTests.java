package io.github.lazymcp.advisor.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.identity.ConversationOwnerException;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.OpaqueIds;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.internal.Listeners;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A conversation belongs to the identity of its first request: the session advisor binds
 * it, refuses it to any other identity (nothing of it changes), fixes the identity on the
 * calling thread in stream mode, and hands it to the tools' context but never to an MCP
 * server's.
 */
class ConversationOwnerTests {

	/** What the resolver reads, like Spring Security's context: bound to a thread. */
	private static final ThreadLocal<@Nullable String> SIGNED_IN = new ThreadLocal<>();

	private final SessionStore store = SessionStore
		.inMemory(new SessionSettings(4, 100, Duration.ofHours(1), Duration.ofMinutes(1)), Clock.systemUTC());

	private final SessionResolver resolver = new SessionResolver(this.store, LazyMcpRequest.Keys.DEFAULTS,
			AccessPolicies.NONE, PolicyResolver.parameter("policy"), (context) -> SIGNED_IN.get());

	private final SessionAdvisor advisor = new SessionAdvisor(this.resolver, new Listeners(List.of()));

	@Test
	void aConversationIsBoundToItsFirstIdentityAndRefusedToAnother() {
		call("alice", "c1").activate(List.of("fs__read_file"));

		assertThatExceptionOfType(ConversationOwnerException.class).isThrownBy(() -> call("bob", "c1"))
			.withMessageContaining("belongs to another user")
			.withMessageNotContaining("c1")
			.withMessageNotContaining("alice")
			.withMessageNotContaining("bob");
		assertThatExceptionOfType(ConversationOwnerException.class).isThrownBy(() -> call(null, "c1"));

		SessionState kept = this.store.find("c1").orElseThrow().state();
		assertThat(kept.owner()).isEqualTo(OpaqueIds.of("alice"));
		assertThat(kept.tools().names()).containsExactly("fs__read_file");
		assertThat(call("alice", "c1").tools().names()).containsExactly("fs__read_file");
	}

	@Test
	void aConversationStartedByNoOneIsBoundToTheFirstIdentityThatUsesIt() {
		call(null, "c2");
		assertThat(this.store.find("c2").orElseThrow().state().owner()).isNull();

		call("alice", "c2");

		assertThatExceptionOfType(ConversationOwnerException.class).isThrownBy(() -> call("bob", "c2"));
	}

	@Test
	void theSessionKeepsAnOpaqueIdNeverTheIdentitysName() {
		call("alice@example.com", "c3");

		String owner = this.store.find("c3").orElseThrow().state().owner();
		assertThat(owner).matches("id-[0-9a-f]{16}")
			.doesNotContain("alice")
			.isEqualTo(OpaqueIds.of("alice@example.com"));
	}

	@Test
	void aSubAgentOfAnotherIdentitysConversationIsRefused() {
		call("alice", "parent-1").activate(List.of("fs__read_file"));

		assertThatExceptionOfType(ConversationOwnerException.class)
			.isThrownBy(() -> start("bob", Map.of(ChatMemory.CONVERSATION_ID, "child-1",
					LazyMcpRequest.Keys.DEFAULTS.parentConversationId(), "parent-1")));
		ToolSession child = start("alice", Map.of(ChatMemory.CONVERSATION_ID, "child-1",
				LazyMcpRequest.Keys.DEFAULTS.parentConversationId(), "parent-1"));

		assertThat(child.state().owner()).isEqualTo(OpaqueIds.of("alice"));
	}

	@Test
	void theApplicationsParameterNamesTheIdentityBeforeTheResolver() {
		SIGNED_IN.set("alice");
		try {
			ChatClientRequest fixed = this.resolver
				.fixIdentity(request(Map.of(LazyMcpRequest.IDENTITY, "service-account")));

			assertThat(LazyMcpRequest.identity(fixed)).contains("service-account");
			assertThat(LazyMcpRequest.identity(this.resolver.fixIdentity(request(Map.of())))).contains("alice");
		}
		finally {
			SIGNED_IN.remove();
		}
	}

	@Test
	void inStreamModeTheIdentityIsReadOnTheCallingThreadAndReachesTheToolContextOnly() {
		AtomicReference<ChatClientRequest> passedOn = new AtomicReference<>();
		AtomicReference<String> thread = new AtomicReference<>();
		StreamAdvisorChain chain = new RecordingChain(passedOn, thread);
		ChatClientRequest request = request(Map.of(ChatMemory.CONVERSATION_ID, "c4"));

		SIGNED_IN.set("alice");
		Flux<ChatClientResponse> responses;
		try {
			responses = this.advisor.adviseStream(request, chain);
		}
		finally {
			SIGNED_IN.remove();
		}
		responses.blockLast();

		assertThat(thread.get()).as("the thread the session was bound on").isNotEqualTo(currentThread());
		assertThat(this.store.find("c4").orElseThrow().state().owner()).isEqualTo(OpaqueIds.of("alice"));
		ToolContext tools = new ToolContext(
				((ToolCallingChatOptions) passedOn.get().prompt().getOptions()).getToolContext());
		assertThat(LazyMcpRequest.identity(tools)).contains("alice");
		assertThat(LazyMcpRequest.forServer(tools).getContext()).doesNotContainKey(LazyMcpRequest.IDENTITY)
			.doesNotContainValue("alice");
	}

	private ToolSession call(@Nullable String identity, String conversation) {
		return start(identity, Map.of(ChatMemory.CONVERSATION_ID, conversation));
	}

	/** One call() as the advisor runs it, signed in as the identity on this thread. */
	private ToolSession start(@Nullable String identity, Map<String, Object> context) {
		SIGNED_IN.set(identity);
		try {
			ChatClientRequest request = this.advisor.before(this.advisor.onCallingThread(request(context)));
			return LazyMcpRequest.session(request).orElseThrow();
		}
		finally {
			SIGNED_IN.remove();
		}
	}

	private static ChatClientRequest request(Map<String, Object> context) {
		return ChatClientRequest.builder()
			.prompt(new Prompt(List.of(new UserMessage("hello")), ToolCallingChatOptions.builder().build()))
			.context(context)
			.build();
	}

	private static String currentThread() {
		return Thread.currentThread().getName();
	}

	private record RecordingChain(AtomicReference<ChatClientRequest> passedOn,
			AtomicReference<String> thread) implements StreamAdvisorChain {

		@Override
		public Flux<ChatClientResponse> nextStream(ChatClientRequest request) {
			this.passedOn.set(request);
			this.thread.set(currentThread());
			return Flux.empty();
		}

		@Override
		public List<org.springframework.ai.chat.client.advisor.api.StreamAdvisor> getStreamAdvisors() {
			return List.of();
		}

		@Override
		public StreamAdvisorChain copy(org.springframework.ai.chat.client.advisor.api.StreamAdvisor after) {
			return this;
		}

	}

}
