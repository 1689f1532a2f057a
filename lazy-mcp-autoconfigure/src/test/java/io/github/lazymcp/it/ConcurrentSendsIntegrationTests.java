package io.github.lazymcp.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One stdio client used by several threads at once, as it is in an application: tool
 * calls of concurrent conversations, lazy-mcp's pings, listings of the tools. The MCP
 * SDK's stdio transport drops a message sent while another thread is sending ("Failed to
 * enqueue message"); lazy-mcp serializes the sends of the stdio clients Spring AI makes,
 * so every request here gets its answer.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = "tools.lazy-mcp.health.ping-interval=50ms")
class ConcurrentSendsIntegrationTests extends RealMcpServers {

	private static final int THREADS = 4;

	private static final int REQUESTS = 600;

	@Autowired
	List<McpSyncClient> clients;

	@Test
	void requestsSentFromManyThreadsAtOnceAreAllAnswered() throws InterruptedException {
		McpSyncClient everything = this.clients.stream()
			.filter((client) -> "everything".equals(client.getClientInfo().title()))
			.findFirst()
			.orElseThrow();
		List<Callable<String>> requests = new ArrayList<>();
		for (int i = 0; i < REQUESTS; i++) {
			int n = i;
			requests.add(switch (n % 3) {
				case 0 -> () -> String.valueOf(everything.ping());
				case 1 -> () -> sum(everything, n, 1);
				default -> () -> everything.listTools().tools().toString();
			});
		}
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		List<String> failures = new ArrayList<>();
		try {
			for (Future<String> answer : threads.invokeAll(requests)) {
				try {
					answer.get();
				}
				catch (ExecutionException ex) {
					failures.add(String.valueOf(ex.getCause()));
				}
			}
		}
		finally {
			threads.shutdownNow();
		}

		assertThat(failures).isEmpty();
	}

	private static String sum(McpSyncClient client, int a, int b) {
		String answer = client.callTool(new McpSchema.CallToolRequest("get-sum", Map.of("a", a, "b", b)))
			.content()
			.toString();
		if (!answer.contains(String.valueOf(a + b))) {
			throw new IllegalStateException("%d + %d answered %s".formatted(a, b, answer));
		}
		return answer;
	}

}
