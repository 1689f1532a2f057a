package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.ToolPool;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.tool.UserTurn;
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

/**
 * The time proactive attach adds to a user turn, over catalogs of 1,000 and 10,000 tools
 * drawn from {@link ToolPool}: {@code turnStart} is what the session advisor runs before
 * the first model request (the registry's listeners, here proactive attach alone with the
 * shipped settings: ranking the user's request, attaching the top k in the session), in a
 * session emptied first so that every turn attaches. Requests cycle through the
 * Seal-Tools and ToolBench requests.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx6g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ProactiveBenchmark {

	@Param({ "1000", "10000" })
	public int tools;

	@Param("hybrid")
	public String ranker;

	/** Folder of the evaluation files; set by the {@code jmh} subcommand's --eval. */
	@Param("")
	public String eval;

	/**
	 * Folder of the captured catalogs; set by the {@code jmh} subcommand's --catalogs.
	 */
	@Param("")
	public String catalogs;

	private LazyStack stack;

	private ToolSession session;

	private UserTurn[] turns;

	private int next;

	@Setup
	public void setUp() throws IOException {
		ToolPool pool = ToolPool.load(JmhFolders.folder(this.eval, "--eval"),
				JmhFolders.folder(this.catalogs, "--catalogs"));
		Dataset catalog = pool.sample(this.tools);
		this.stack = new LazyStack(catalog, RankerRegistry.standard().create(this.ranker),
				LazyStack.Setup.cap(SessionSettings.DEFAULTS.maxActiveSchemas())
					.withProactive(ProactiveSettings.DEFAULTS));
		this.session = this.stack.sessions.session("benchmark");
		this.turns = pool.queries().stream().map(UserTurn::first).toArray(UserTurn[]::new);
	}

	@Benchmark
	public int turnStart() {
		this.session.reset();
		this.stack.turnStarted(this.session, this.turns[advance()]);
		return this.session.tools().size();
	}

	private int advance() {
		int current = this.next;
		this.next = (current + 1) % this.turns.length;
		return current;
	}

}
