package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * What lazy-mcp adds to each model request over the 45 captured servers (1,079 tools),
 * through the product's public API. {@code step} is what the wire advisor asks on every
 * step of the tool loop ({@link LazyMcpFixtures#wireStep}: one catalog snapshot, the
 * visible tools, the token figures); {@code requestWithLazyMcp} is a whole chat-client
 * call through lazy-mcp's advisors to a model that answers at once;
 * {@code requestWithoutLazyMcp} is the same call with the same tools and no lazy-mcp
 * advisors, so the difference of the two is lazy-mcp's overhead per call. The session
 * holds {@code active} activated tools.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class WireFilterBenchmark {

	/**
	 * Folder of the captured catalogs; set by the {@code jmh} subcommand's --catalogs.
	 */
	@Param("")
	public String catalogs;

	@Param("5")
	public int active;

	private LazyStack stack;

	private ToolSession session;

	private Function<ToolSession, List<ToolCallback>> wire;

	private ChatClient lazy;

	private ChatClient plain;

	@Setup
	public void setUp() throws IOException {
		Dataset servers = Dataset.readCatalogs(JmhFolders.folder(this.catalogs, "--catalogs"));
		this.stack = new LazyStack(servers,
				ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model()),
				SessionSettings.DEFAULTS.maxActiveSchemas());
		this.session = this.stack.sessions.session("benchmark");
		this.session.activate(
				this.stack.lazyMcp.catalog().tools().stream().limit(this.active).map((tool) -> tool.name()).toList());
		this.wire = LazyMcpFixtures.wireStep(this.stack.lazyMcp);
		ChatModel model = new AnsweringModel();
		this.lazy = this.stack.client(model);
		this.plain = ChatClient.builder(model).defaultTools(this.stack.lazyMcp.toolCallbacks()).build();
	}

	@Benchmark
	public List<ToolCallback> step() {
		return this.wire.apply(this.session);
	}

	@Benchmark
	public String requestWithLazyMcp() {
		return this.lazy.prompt()
			.user("hi")
			.advisors((advisors) -> advisors.param(ChatMemory.CONVERSATION_ID, "benchmark"))
			.call()
			.content();
	}

	@Benchmark
	public String requestWithoutLazyMcp() {
		return this.plain.prompt().user("hi").call().content();
	}

	/** The model: answers at once, so that only the client side is measured. */
	private static final class AnsweringModel implements ChatModel {

		@Override
		public ChatResponse call(Prompt prompt) {
			return new ChatResponse(List.of(new Generation(new AssistantMessage("ok"))));
		}

		@Override
		public ChatOptions getOptions() {
			return ToolCallingChatOptions.builder().build();
		}

	}

}
