package io.github.lazymcp.advisor.internal;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.LazyToolsFixture;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.function.FunctionToolCallback;

import static org.assertj.core.api.Assertions.assertThat;

class WireAdvisorTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("fs", "read_file", "write_file", "list_directory", "delete_file"),
			new FakeConnection("pinned", "think"));

	private final WireAdvisor advisor = new WireAdvisor(this.fixture.registry.wire(), this.fixture.sessions,
			new SystemGuidance("{deferred} tools wait on {servers}; use {tool}."));

	private final ToolCallback weather = FunctionToolCallback.builder("weather", (String city) -> "sunny")
		.description("Weather for a city")
		.inputType(String.class)
		.build();

	@Test
	void theModelSeesEagerToolsThenToolSearchThenActiveToolsInActivationOrder() {
		ToolSession session = this.fixture.sessions.session("s");
		session.activate(List.of("fs__list_directory", "fs__read_file"));

		assertThat(namesSent(session)).containsExactly("weather", "pinned__think", "ToolSearch", "fs__list_directory",
				"fs__read_file");
	}

	@Test
	void usingAToolDoesNotReorderTheListSoPromptCachesSurvive() {
		ToolSession session = this.fixture.sessions.session("s");
		session.activate(List.of("fs__list_directory", "fs__read_file"));
		List<String> before = namesSent(session);

		session.touch("fs__list_directory");
		session.activate(List.of("fs__write_file"));

		assertThat(namesSent(session)).startsWith(before.toArray(String[]::new)).endsWith("fs__write_file");
	}

	@Test
	void anEvictionIsTheOnlyChangeThatRemovesAToolFromTheMiddle() {
		ToolSession session = this.fixture.sessions.session("s");
		session.activate(List.of("fs__list_directory", "fs__read_file", "fs__write_file"));
		session.touch("fs__list_directory");

		session.activate(List.of("fs__delete_file"));

		assertThat(namesSent(session)).containsExactly("weather", "pinned__think", "ToolSearch", "fs__list_directory",
				"fs__write_file", "fs__delete_file");
	}

	@Test
	void splicesTheSameGuidanceIntoTheSystemMessageOnEveryStep() {
		ToolSession session = this.fixture.sessions.session("s");
		Prompt first = narrowed(session).prompt();
		session.activate(List.of("fs__read_file"));
		Prompt second = narrowed(session).prompt();

		assertThat(first.getSystemMessage().getText()).isEqualTo("Be brief.\n\n4 tools wait on fs; use ToolSearch.")
			.isEqualTo(second.getSystemMessage().getText());
	}

	@Test
	void recordsSchemaTokensSentAgainstEagerLoading() {
		TokenCounter counter = new TokenCounter();
		List<ToolCallback> all = this.fixture.registry.callbacks();
		long toolSearch = counter.count(all.get(0).getToolDefinition());
		long weather = counter.count(this.weather.getToolDefinition());
		long think = this.fixture.catalog.snapshot().find("pinned__think").orElseThrow().tokens();
		long deferred = CatalogSnapshot.tokens(this.fixture.catalog.snapshot().deferred());

		narrowed(this.fixture.sessions.session("s"));

		assertThat(this.fixture.stats.modelRequests()).isEqualTo(1);
		assertThat(this.fixture.stats.tokensSent()).isEqualTo(weather + think + toolSearch);
		assertThat(this.fixture.stats.tokensEager()).isEqualTo(weather + think + deferred);
	}

	@Test
	void showsAnActiveToolThatJoinedTheCatalogAfterTheRequestStarted() {
		ToolSession session = this.fixture.sessions.session("s");
		List<ToolCallback> taken = new ArrayList<>(this.fixture.registry.callbacks());
		this.fixture.catalog.putServer(new FakeConnection("late", "arrive"), (tool) -> true);
		session.activate(List.of("late__arrive"));

		ToolCallingChatOptions options = (ToolCallingChatOptions) this.advisor.before(request(taken, session))
			.prompt()
			.getOptions();

		assertThat(options.getToolCallbacks()).extracting((callback) -> callback.getToolDefinition().name())
			.containsExactly("pinned__think", "ToolSearch", "late__arrive");
	}

	@Test
	void toolsOfAServerThatLeftTheCatalogAfterTheRequestStartedAreNoLongerShown() {
		this.fixture.catalog.putServer(new FakeConnection("late", "arrive"), (tool) -> true);
		ToolSession session = this.fixture.sessions.session("s");
		session.activate(List.of("late__arrive"));
		List<ToolCallback> taken = new ArrayList<>(this.fixture.registry.callbacks());
		this.fixture.catalog.removeServer("late");

		ToolCallingChatOptions options = (ToolCallingChatOptions) this.advisor.before(request(taken, session))
			.prompt()
			.getOptions();

		assertThat(options.getToolCallbacks()).extracting((callback) -> callback.getToolDefinition().name())
			.containsExactly("pinned__think", "ToolSearch");
		assertThat(session.tools().names()).isEmpty();
	}

	@Test
	void leavesRequestsWithoutLazyToolsAlone() {
		ChatClientRequest request = request(List.of(this.weather), this.fixture.sessions.session("s"));

		assertThat(this.advisor.before(request)).isSameAs(request);
	}

	private List<String> namesSent(ToolSession session) {
		ToolCallingChatOptions options = (ToolCallingChatOptions) narrowed(session).prompt().getOptions();
		return options.getToolCallbacks().stream().map((callback) -> callback.getToolDefinition().name()).toList();
	}

	private ChatClientRequest narrowed(ToolSession session) {
		List<ToolCallback> all = new ArrayList<>();
		all.add(this.weather);
		all.addAll(this.fixture.registry.callbacks());
		return this.advisor.before(request(all, session));
	}

	private static ChatClientRequest request(List<ToolCallback> callbacks, ToolSession session) {
		Prompt prompt = new Prompt(List.of(new SystemMessage("Be brief."), new UserMessage("hi")),
				ToolCallingChatOptions.builder().toolCallbacks(callbacks).build());
		return LazyMcpRequest.withSession(ChatClientRequest.builder().prompt(prompt).build(), session);
	}

}
