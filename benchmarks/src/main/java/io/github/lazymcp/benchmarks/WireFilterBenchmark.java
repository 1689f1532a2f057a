package io.github.lazymcp.benchmarks;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.advisor.LazySessionAdvisor;
import io.github.lazymcp.search.Bm25Ranker;
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

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * What lazy-mcp adds to each model request over the 45 captured servers (1,079 tools),
 * through public API only. {@code filterStep} is the wire filter's {@code adviseCall} on
 * a ready request (run on every step of the tool loop); {@code requestWithFilter} also
 * fetches the provider's callbacks and builds the request, as the chat client does;
 * {@code requestWithoutFilter} is that without the filter, so the difference of the two
 * is the filter's overhead. The model is a chain that returns at once. The session holds
 * {@code active} activated tools.
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

	private ChatClientRequest ready;

	private final CallAdvisorChain model = new ReturningChain();

	@Setup
	public void setUp() throws IOException {
		Dataset servers = Dataset.readCatalogs(JmhCommand.folder(this.catalogs, "--catalogs"));
		this.stack = new LazyStack(servers, new Bm25Ranker(), 24);
		this.session = this.stack.sessions.session("benchmark");
		this.session.activate(
				this.stack.catalog.current().tools().stream().limit(this.active).map((tool) -> tool.name()).toList());
		this.ready = request();
	}

	@Benchmark
	public ChatClientResponse filterStep() {
		return this.stack.wireFilter.adviseCall(this.ready, this.model);
	}

	@Benchmark
	public ChatClientResponse requestWithFilter() {
		return this.stack.wireFilter.adviseCall(request(), this.model);
	}

	@Benchmark
	public ChatClientResponse requestWithoutFilter() {
		return this.model.nextCall(request());
	}

	private ChatClientRequest request() {
		List<ToolCallback> callbacks = List.of(this.stack.provider.getToolCallbacks());
		Prompt prompt = new Prompt(List.of(new UserMessage("hi")),
				ToolCallingChatOptions.builder().toolCallbacks(callbacks).build());
		return ChatClientRequest.builder().prompt(prompt).context(LazySessionAdvisor.SESSION, this.session).build();
	}

	/** The end of the chain: answers with the request's context, so nothing is elided. */
	private static final class ReturningChain implements CallAdvisorChain {

		@Override
		public ChatClientResponse nextCall(ChatClientRequest request) {
			return ChatClientResponse.builder().context(request.context()).build();
		}

		@Override
		public List<CallAdvisor> getCallAdvisors() {
			return List.of();
		}

		@Override
		public CallAdvisorChain copy(CallAdvisor after) {
			return this;
		}

	}

}
