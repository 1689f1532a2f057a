package io.github.lazymcp.tool.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * How many SQL statements the JDBC session store runs for each thing a conversation does,
 * counted by a proxy around the DataSource of a real PostgreSQL server: a model step, a
 * ToolSearch, a call of an active and of a deferred MCP tool, and the start of a turn,
 * with one and with six capability definitions. The contract: one read and at most one
 * write per step, search and call, and a turn start that does not grow with the number of
 * capability definitions.
 */
class SessionStatementsTests {

	private static final CountingDataSource database = new CountingDataSource(Postgres.shared().dataSource());

	@TempDir
	Path capabilities;

	private LazyMcp lazyMcp;

	@BeforeAll
	static void createTheTable() {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/activation/schema-postgresql.sql"))
			.execute(Postgres.shared().dataSource());
	}

	@AfterEach
	void close() {
		if (this.lazyMcp != null) {
			this.lazyMcp.close();
		}
	}

	@Test
	void aModelStepReadsTheSessionOnceAndWritesNothing() {
		ToolSession session = start(1, "step");
		List<ToolCallback> tools = LazyMcpFixtures.parts(this.lazyMcp).callbacks().all();

		Count step = count(() -> LazyMcpFixtures.parts(this.lazyMcp).wire().step(session, tools));

		report("model step", step);
		assertThat(step).isEqualTo(new Count(1, 0));
	}

	@Test
	void aToolSearchReadsOnceAndWritesOnce() {
		ToolSession session = start(1, "search");

		Count search = count(() -> call("ToolSearch", "{\"query\": \"read a file\", \"limit\": 2}", session));

		report("ToolSearch", search);
		assertThat(search).isEqualTo(new Count(1, 1));
	}

	@Test
	void aCallOfAnActiveToolReadsOnceAndWritesOnce() {
		ToolSession session = start(1, "active-call");
		session.activate(List.of("fs__read_file"));

		Count active = count(() -> call("fs__read_file", "{}", session));

		report("MCP call, active tool", active);
		assertThat(active).isEqualTo(new Count(1, 1));
	}

	@Test
	void aCallOfADeferredToolThatIsNotLoadedWritesItsActivationAndUseOnce() {
		ToolSession session = start(1, "deferred-call");

		Count deferred = count(() -> call("fs__write_file", "{}", session));

		report("MCP call, deferred tool not loaded", deferred);
		assertThat(deferred).isEqualTo(new Count(1, 1));
		assertThat(session.state().tools().contains("fs__write_file")).isTrue();
	}

	@Test
	void aTurnStartReadsOnceWhateverTheNumberOfCapabilities() {
		Count one = turnStart(1);
		close();
		Count six = turnStart(6);

		report("turn start, 1 capability definition", one);
		report("turn start, 6 capability definitions", six);
		assertThat(one.reads()).isEqualTo(1);
		assertThat(one.writes()).isLessThanOrEqualTo(1);
		assertThat(six).isEqualTo(one);
	}

	/** What the session advisor does when a user turn starts: obtain, read, tell. */
	private Count turnStart(int definitions) {
		start(definitions, "turn-" + definitions);
		CallAdvisor sessionAdvisor = (CallAdvisor) this.lazyMcp.advisors().get(0);
		ChatClientRequest request = ChatClientRequest.builder()
			.prompt(new Prompt(List.of(new UserMessage("zebra quantum lullaby")),
					ToolCallingChatOptions.builder().build()))
			.context(Map.of(ChatMemory.CONVERSATION_ID, "turn-" + definitions))
			.build();
		CallAdvisorChain chain = mock(CallAdvisorChain.class);
		return count(() -> sessionAdvisor.adviseCall(request, chain));
	}

	private ToolSession start(int definitions, String id) {
		try {
			for (int i = 0; i < definitions; i++) {
				Files.writeString(this.capabilities.resolve("c" + i + ".toml"), """
						name = "c%d"
						description = "A capability that is never enabled"
						triggers = ["use capability %d"]

						[[mcp.servers]]
						name = "never-%d"
						command = "never-started"
						""".formatted(i, i, i));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		CapabilitySettings defaults = CapabilitySettings.DEFAULTS;
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file", "list_directory")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(false))
			.capabilities(new CapabilitySettings(List.of("file:" + this.capabilities), defaults.maxActive(),
					defaults.maxConnections(), defaults.maxConnectionsPerIdentity(), defaults.idleTimeout(),
					defaults.initTimeout(), defaults.requestTimeout(), false, defaults.gate(), List.of(), false,
					List.of(), Map.of(), defaults.installs()))
			.sessionStore(SessionStore.jdbc(database, SessionSettings.DEFAULTS, Clock.systemUTC()))
			.build();
		ToolSession session = this.lazyMcp.sessions().session(id);
		session.activate(List.of());
		session.reset();
		return session;
	}

	private String call(String tool, String arguments, ToolSession session) {
		return LazyMcpFixtures.parts(this.lazyMcp)
			.callbacks()
			.find(tool)
			.orElseThrow()
			.call(arguments, LazyMcpRequest.toolContext(session));
	}

	private static Count count(Runnable work) {
		int reads = database.reads.get();
		int writes = database.writes.get();
		work.run();
		return new Count(database.reads.get() - reads, database.writes.get() - writes);
	}

	private static void report(String what, Count count) {
		System.out.printf("FIGURE sql statements, %s: %d read, %d written%n", what, count.reads(), count.writes());
	}

	record Count(int reads, int writes) {
	}

	/** Counts every statement run through connections of a DataSource, by kind. */
	static final class CountingDataSource extends DelegatingDataSource {

		final AtomicInteger reads = new AtomicInteger();

		final AtomicInteger writes = new AtomicInteger();

		CountingDataSource(DataSource target) {
			super(target);
		}

		@Override
		public Connection getConnection() throws SQLException {
			Connection connection = super.getConnection();
			return proxy(Connection.class, connection, (proxy, method, args) -> {
				Object result = invoke(method, connection, args);
				if (method.getName().equals("prepareStatement") && args != null && args[0] instanceof String sql) {
					return proxy(PreparedStatement.class, result, counting(result, sql));
				}
				return result;
			});
		}

		private InvocationHandler counting(Object statement, String sql) {
			return (proxy, method, args) -> {
				if (method.getName().startsWith("execute")) {
					(sql.strip().toUpperCase(Locale.ROOT).startsWith("SELECT") ? this.reads : this.writes)
						.incrementAndGet();
				}
				return invoke(method, statement, args);
			};
		}

		private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
			try {
				return method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}

		@SuppressWarnings("unchecked")
		private static <T> T proxy(Class<T> type, Object target, InvocationHandler handler) {
			return (T) Proxy.newProxyInstance(SessionStatementsTests.class.getClassLoader(), new Class<?>[] { type },
					handler);
		}

	}

}
