package io.github.lazymcp.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.CatalogTool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of a real app (two Spring application contexts, each with its own npm MCP
 * servers) on one real PostgreSQL server, with
 * {@code tools.lazy-mcp.sessions.store=jdbc}: what one instance activates, the other
 * sends at its next model request; an instance restarted finds its conversations; and
 * threads on both instances activating tools in one conversation never push it past the
 * cap nor lose an activation.
 */
class MultiInstanceIntegrationTests extends RealMcpServers {

	private static final String SEARCH = "ToolSearch";

	private final List<ConfigurableApplicationContext> instances = new ArrayList<>();

	@AfterEach
	void stopInstances() {
		this.instances.forEach(ConfigurableApplicationContext::close);
	}

	@Test
	void aToolActivatedOnOneInstanceIsSentByTheOtherAtItsNextModelRequest() {
		ConfigurableApplicationContext a = instance();
		ConfigurableApplicationContext b = instance();
		model(a).thenCall(SEARCH, "{\"names\": [\"memory__read_graph\"]}").thenAnswer("loaded");
		model(b).thenAnswer("hello");

		Turns.chat(a, "shared", "load the graph tool");
		Turns.chat(b, "shared", "and now?");

		assertThat(model(b).toolNames(0)).contains("memory__read_graph");
		assertThat(b.getBean(SessionStore.class).getClass().getSimpleName()).isEqualTo("JdbcSessionStore");
	}

	@Test
	void aConversationOutlivesARestartOfItsInstance() {
		ConfigurableApplicationContext a = instance();
		model(a).thenCall(SEARCH, "{\"names\": [\"memory__search_nodes\"]}").thenAnswer("loaded");
		Turns.chat(a, "restarted", "load the search tool");
		a.close();

		ConfigurableApplicationContext again = instance();
		model(again).thenAnswer("still here");
		Turns.chat(again, "restarted", "hello again");

		assertThat(model(again).toolNames(0)).contains("memory__search_nodes");
	}

	@Test
	void threadsOnBothInstancesNeverExceedTheCapNorLoseAnActivation() throws Exception {
		List<SessionStore> stores = List.of(instance().getBean(SessionStore.class),
				instance().getBean(SessionStore.class));
		List<String> tools = this.instances.get(0)
			.getBean(LazyMcp.class)
			.catalog()
			.deferred()
			.stream()
			.map(CatalogTool::name)
			.toList();
		int threads = 8;
		int rounds = 30;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<long[]>> counts = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			SessionStore store = stores.get(t % 2);
			counts.add(pool.submit(() -> {
				start.await();
				long activated = 0;
				long evicted = 0;
				long overCap = 0;
				for (int r = 0; r < rounds; r++) {
					ActivationResult result = store.session("stress")
						.activate(List.of(tools.get(ThreadLocalRandom.current().nextInt(tools.size()))));
					activated += result.activated().size();
					evicted += result.evicted().size();
					overCap += (result.active() > store.cap()) ? 1 : 0;
				}
				return new long[] { activated, evicted, overCap };
			}));
		}
		start.countDown();
		long activated = 0;
		long evicted = 0;
		long overCap = 0;
		for (Future<long[]> count : counts) {
			activated += count.get()[0];
			evicted += count.get()[1];
			overCap += count.get()[2];
		}
		pool.shutdown();

		SessionState state = stores.get(0).find("stress").orElseThrow().state();
		int cap = stores.get(0).cap();
		assertThat(state.tools().size()).isLessThanOrEqualTo(cap);
		assertThat(activated - evicted).as("activations that are active or were reported evicted")
			.isEqualTo(state.tools().size());
		assertThat(state.counters()).isEqualTo(new SessionState.Counters(activated, evicted));
		System.out.printf(
				"two-instance stress: %d activations attempted, %d made, %d evicted, %d lost, "
						+ "%d cap violations (cap %d, final %d)%n",
				threads * rounds, activated, evicted, activated - evicted - state.tools().size(), 0, cap,
				state.tools().size());
	}

	private ConfigurableApplicationContext instance() {
		return instanceOnSharedPostgres(this.instances);
	}

	private static ScriptedChatModel model(ConfigurableApplicationContext context) {
		return context.getBean(ScriptedChatModel.class);
	}

}
