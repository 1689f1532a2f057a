package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.ToolPool;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.capability.internal.pool.PerUserFixtures;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

/**
 * ToolSearch for one identity among many, each with tools of its own on a per-user server
 * (issue 40): the whole ToolSearch call as the model makes it, as in
 * {@link SearchBenchmark}, over {@code shared} tools drawn from {@link ToolPool}. With
 * {@code perUser=on}, the catalog also holds one per-user server
 * ({@link PerUserFixtures}, as the capability wing makes it) over {@code identities}
 * connections, each listing {@code perIdentity} tools, and the session belongs to one of
 * them. With {@code lists=own}, no other identity's connection lists the same tools: the
 * worst case for the index, which holds every identity's tools and whose search passes
 * over the others' to reach its own. With {@code lists=scopes}, the server has twice
 * {@code perIdentity} tools and each identity's connection lists half of them, as a
 * server that lists tools by the token's scopes does: each tool is indexed once. A
 * per-user tool is visible only to an identity whose connection lists it, as the
 * capability filter says it ({@link PerUserFixtures.Server#filter()}): searches score
 * only what the identity sees. With {@code off}, the catalog holds the shared tools alone
 * and no filter: a search with no per-user servers. The queries cycle through the
 * Seal-Tools and ToolBench requests.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx6g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PerUserSearchBenchmark {

	/** The per-user server's name in the catalog. */
	static final String SERVER = "per-user";

	/** Whether the catalog holds the per-user server: see the class comment. */
	@Param({ "off", "on" })
	public String perUser;

	@Param("1000")
	public int shared;

	@Param("100")
	public int identities;

	@Param("20")
	public int perIdentity;

	/**
	 * Whether identities list tools of their own or share them: see the class comment.
	 */
	@Param({ "own", "scopes" })
	public String lists;

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

	/** Package-private for the tests. */
	LazyStack stack;

	/**
	 * The opaque id of the identity whose conversation searches. Package-private for the
	 * tests.
	 */
	String owner;

	/** Package-private for the tests. */
	PerUserFixtures.Server server;

	/** Package-private for the tests. */
	ToolContext context;

	private ToolCallback toolSearch;

	private String[] arguments;

	private int next;

	@Setup
	public void setUp() throws IOException {
		ToolPool pool = ToolPool.load(JmhFolders.folder(this.eval, "--eval"),
				JmhFolders.folder(this.catalogs, "--catalogs"));
		boolean on = "on".equals(this.perUser);
		// Both settings draw the same tools, so that the shared ones are the same.
		Dataset drawn = pool.sample(this.shared + this.identities * this.perIdentity);
		List<Map.Entry<String, Dataset.Tool>> tools = new ArrayList<>();
		drawn.servers()
			.forEach((server) -> server.tools().forEach((tool) -> tools.add(Map.entry(server.name(), tool))));
		LazyStack.Setup setup = LazyStack.Setup.cap(SessionSettings.DEFAULTS.maxActiveSchemas());
		this.owner = PerUserFixtures.owner("identity-" + this.identities / 2);
		if (on) {
			this.server = PerUserFixtures.server(SERVER, connections(tools.subList(this.shared, tools.size())));
			setup = setup
				.withExtra(new LazyStack.Extra(List.of(this.server.connection()), List.of(this.server.filter())));
		}
		this.stack = new LazyStack(sharedPart(drawn, this.shared), RankerRegistry.standard().create(this.ranker),
				setup);
		ToolSession session = this.stack.sessions.session("benchmark").withOwner(this.owner);
		this.context = LazyMcpRequest.toolContext(session);
		this.toolSearch = this.stack.callback(LazyMcp.TOOL_SEARCH).orElseThrow();
		this.arguments = SearchBenchmark.arguments(pool.queries());
	}

	@TearDown
	public void tearDown() {
		this.stack.close();
	}

	@Benchmark
	public String toolSearch() {
		String argument = this.arguments[this.next];
		this.next = (this.next + 1) % this.arguments.length;
		return this.toolSearch.call(argument, this.context);
	}

	/** Each identity's connection, listing its {@code perIdentity} tools. */
	private Map<String, McpServerConnection> connections(List<Map.Entry<String, Dataset.Tool>> drawn) {
		boolean own = "own".equals(this.lists);
		List<McpSchema.Tool> tools = serverTools(drawn.subList(0, own ? drawn.size() : 2 * this.perIdentity));
		Map<String, McpServerConnection> connections = new LinkedHashMap<>();
		for (int identity = 0; identity < this.identities; identity++) {
			List<McpSchema.Tool> listed = new ArrayList<>();
			for (int i = 0; i < this.perIdentity; i++) {
				// Own: the identity's own run of tools. Scopes: every other tool from an
				// offset of the identity's, so that two identities' halves overlap.
				listed.add(own ? tools.get(identity * this.perIdentity + i)
						: tools.get((identity + 2 * i) % tools.size()));
			}
			connections.put(PerUserFixtures.owner("identity-" + identity), new Listing(List.copyOf(listed)));
		}
		return connections;
	}

	/**
	 * The tools as one server lists them: a name two source servers share gets a suffix.
	 */
	private static List<McpSchema.Tool> serverTools(List<Map.Entry<String, Dataset.Tool>> drawn) {
		McpJsonMapper mapper = McpJsonDefaults.getMapper();
		Set<String> names = new HashSet<>();
		List<McpSchema.Tool> tools = new ArrayList<>();
		for (Map.Entry<String, Dataset.Tool> entry : drawn) {
			McpSchema.Tool tool = read(mapper, entry.getValue());
			String name = tool.name();
			for (int i = 2; !names.add(name); i++) {
				name = tool.name() + "_" + i;
			}
			tools.add(McpSchema.Tool.builder()
				.name(name)
				.description(tool.description())
				.inputSchema(tool.inputSchema())
				.build());
		}
		return tools;
	}

	private static McpSchema.Tool read(McpJsonMapper mapper, Dataset.Tool tool) {
		try {
			return mapper.readValue(tool.json(), McpSchema.Tool.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The first {@code size} tools of the drawn catalog, on their servers. */
	private static Dataset sharedPart(Dataset drawn, int size) {
		List<Dataset.Server> servers = new ArrayList<>();
		int left = size;
		for (Dataset.Server server : drawn.servers()) {
			if (left == 0) {
				break;
			}
			List<Dataset.Tool> tools = server.tools().subList(0, Math.min(left, server.tools().size()));
			servers.add(new Dataset.Server(server.name(), tools, server.instructions()));
			left -= tools.size();
		}
		return new Dataset(drawn.name(), servers, drawn.queries(), drawn.negatives());
	}

	/** One identity's connection: it lists its tools; searching never calls them. */
	private record Listing(List<McpSchema.Tool> listTools) implements McpServerConnection {

		@Override
		public String name() {
			return SERVER;
		}

		/** Asked only to run a call, which the benchmark never makes. */
		@Override
		public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
			throw new UnsupportedOperationException("the benchmark searches only");
		}

	}

}
