package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import com.zaxxer.hikari.HikariDataSource;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * What the session store adds to a chat request, in memory and in PostgreSQL (started
 * from the Maven artifact, on loopback, behind a HikariCP pool as an application would
 * have it), over the 45 captured servers (1,079 tools). {@code step} is what every model
 * step does ({@link LazyMcpFixtures#wireStep}: read the session, drop vanished tools,
 * compute what the model sees); {@code turn} adds what every chat call does first (obtain
 * the session from the store, which extends its expiry); {@code activate} is ToolSearch's
 * write (one tool into a full session, evicting one). The session holds 12 active tools.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SessionStoreBenchmark {

	/**
	 * Folder of the captured catalogs; set by the {@code jmh} subcommand's --catalogs.
	 */
	@Param("")
	public String catalogs;

	@Param({ "memory", "jdbc" })
	public String store;

	private EmbeddedPostgres postgres;

	private HikariDataSource pool;

	private SessionStore sessions;

	private LazyStack stack;

	private ToolSession session;

	private Function<ToolSession, List<ToolCallback>> wire;

	private String[] names;

	private final SplittableRandom random = new SplittableRandom(7);

	@Setup(Level.Trial)
	public void setUp() throws IOException {
		SessionSettings settings = SessionSettings.DEFAULTS.withMaxActiveSchemas(12);
		SessionStore store;
		if (this.store.equals("jdbc")) {
			this.postgres = EmbeddedPostgres.builder().start();
			this.pool = new HikariDataSource();
			this.pool.setJdbcUrl(this.postgres.getJdbcUrl("postgres", "postgres"));
			new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/activation/schema-postgresql.sql"))
				.execute(this.pool);
			store = SessionStore.jdbc(this.pool, settings, Clock.systemUTC());
		}
		else {
			store = SessionStore.inMemory(settings, Clock.systemUTC());
		}
		Dataset servers = Dataset.readCatalogs(JmhFolders.folder(this.catalogs, "--catalogs"));
		this.stack = new LazyStack(servers,
				ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model()),
				LazyStack.Setup.cap(settings.maxActiveSchemas()).withStore(store));
		this.sessions = this.stack.sessions;
		this.names = this.stack.lazyMcp.catalog().deferred().stream().map(CatalogTool::name).toArray(String[]::new);
		this.session = this.sessions.session("benchmark");
		this.session.activate(List.of(this.names).subList(0, 12));
		this.wire = LazyMcpFixtures.wireStep(this.stack.lazyMcp);
	}

	@TearDown(Level.Trial)
	public void tearDown() throws IOException {
		if (this.pool != null) {
			this.pool.close();
			this.postgres.close();
		}
	}

	@Benchmark
	public List<ToolCallback> step() {
		return this.wire.apply(this.session);
	}

	@Benchmark
	public List<ToolCallback> turn() {
		return this.wire.apply(this.sessions.session("benchmark"));
	}

	@Benchmark
	public ActivationResult activate() {
		return this.session.activate(List.of(this.names[this.random.nextInt(this.names.length)]));
	}

}
