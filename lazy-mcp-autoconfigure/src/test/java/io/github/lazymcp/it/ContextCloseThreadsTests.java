package io.github.lazymcp.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.background.internal.Background;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Closing the application context stops every thread lazy-mcp started. The app runs in a
 * JVM of its own: the test JVM keeps other tests' contexts (and their threads) cached.
 * Before it closes, the app has done what starts background work: a turn that enabled a
 * capability (its server joins the pool, whose idle sweep starts, and the supervisor
 * pings it), the cleanup of expired sessions and of abandoned capability servers.
 */
class ContextCloseThreadsTests {

	@Test
	void closingTheContextStopsEveryLazyMcpThread() throws IOException, InterruptedException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path log = Files.createTempFile("lazy-mcp-close", ".log");
		Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				RunChatAndClose.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		boolean exited = process.waitFor(3, TimeUnit.MINUTES);
		if (!exited) {
			process.destroyForcibly();
		}
		String text = Files.readString(log, StandardCharsets.UTF_8);
		Files.delete(log);
		assertThat(exited).as(text).isTrue();
		assertThat(process.exitValue()).as(text).isZero();

		assertThat(line(text, "tools sent: ")).as("the files capability was enabled").contains("filesystem__");
		String running = line(text, "running before close: ");
		assertThat(running).as(text).startsWith(Background.THREAD_PREFIX);
		assertThat(line(text, "running after close: ")).as(text).isEqualTo("[]");
	}

	private static String line(String output, String prefix) {
		return output.lines()
			.filter((line) -> line.startsWith(prefix))
			.map((line) -> line.substring(prefix.length()))
			.findFirst()
			.orElse("(no line '" + prefix + "')");
	}

	/**
	 * The child JVM's program: start the test app, chat once, close, wait for the threads
	 * lazy-mcp named to end, and print those still alive.
	 */
	static final class RunChatAndClose {

		public static void main(String[] args) {
			try {
				run();
				System.exit(0);
			}
			catch (Throwable ex) {
				ex.printStackTrace();
				System.exit(1);
			}
		}

		private static void run() throws Exception {
			Path workspace = Files.createTempDirectory("lazy-mcp-close").toRealPath();
			ConfigurableApplicationContext context = new SpringApplicationBuilder(McpTestApplication.class)
				.web(WebApplicationType.NONE)
				.properties("it.workspace=" + workspace, "spring.ai.mcp.client.enabled=false",
						"tools.lazy-mcp.health.ping-interval=1s",
						"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/routing/")
				.run();
			ScriptedChatModel model = context.getBean(ScriptedChatModel.class);
			model.thenAnswer("Here they are.");
			context.getBean(ChatClient.Builder.class)
				.build()
				.prompt()
				.user("Can you list the files in my folder and read notes.txt?")
				.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "files"))
				.call()
				.content();
			System.out.println("tools sent: " + model.toolNames(0));

			List<Thread> before = lazyMcpThreads();
			System.out.println("running before close: "
					+ String.join(",", before.stream().map(Thread::getName).sorted().toList()));
			context.close();
			for (Thread thread : before) {
				thread.join(TimeUnit.SECONDS.toMillis(30));
			}
			System.out.println("running after close: " + lazyMcpThreads().stream().map(Thread::getName).toList());
		}

		private static List<Thread> lazyMcpThreads() {
			return Thread.getAllStackTraces()
				.keySet()
				.stream()
				.filter((thread) -> thread.isAlive() && thread.getName().startsWith(Background.THREAD_PREFIX))
				.toList();
		}

	}

}
