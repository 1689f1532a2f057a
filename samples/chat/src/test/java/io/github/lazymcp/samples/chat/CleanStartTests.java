package io.github.lazymcp.samples.chat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.github.lazymcp.LazyMcp;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's log from a start, a first chat, a first ToolSearch (which loads the
 * embedding model and its native tokenizer) and a stop holds no WARN or ERROR line. It
 * runs in a JVM of its own: what logs once per JVM (the native libraries' probes) would
 * already have been logged by an earlier test.
 */
class CleanStartTests {

	private static final Pattern WARN_OR_ERROR = Pattern.compile("^\\S+\\s+(WARN|ERROR)\\s");

	@Test
	void startingChattingAndStoppingLogNoWarningAndNoError() throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path log = Files.createTempFile("lazy-mcp-sample-start", ".log");
		Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				StartChatStop.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		boolean exited = process.waitFor(3, TimeUnit.MINUTES);
		if (!exited) {
			process.destroyForcibly();
		}
		String output = Files.readString(log, StandardCharsets.UTF_8);
		Files.delete(log);
		assertThat(exited).as(output).isTrue();
		assertThat(process.exitValue()).as(output).isZero();
		assertThat(output).contains("chat answered 200").contains("search found memory__");

		List<String> problems = output.lines().filter((line) -> WARN_OR_ERROR.matcher(line).find()).toList();
		assertThat(problems).as(output).isEmpty();
	}

	/**
	 * The child JVM's program: start the sample on a free port, send one chat, search the
	 * catalog as the model would, stop.
	 */
	static final class StartChatStop {

		public static void main(String[] args) {
			try (ConfigurableApplicationContext context = SpringApplication.run(ChatSampleApplication.class,
					"--server.port=0")) {
				int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
				HttpResponse<String> response = HttpClient.newHttpClient()
					.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/chat"))
						.header("Content-Type", "application/json")
						.POST(HttpRequest.BodyPublishers.ofString(
								"{\"conversationId\": \"c1\", \"message\": \"remember that Clara is my sister\"}"))
						.build(), HttpResponse.BodyHandlers.ofString());
				System.out.println("chat answered " + response.statusCode());
				ToolCallback search = Arrays.stream(context.getBean(LazyMcp.class).toolCallbacks().getToolCallbacks())
					.filter((tool) -> tool.getToolDefinition().name().equals(LazyMcp.TOOL_SEARCH))
					.findFirst()
					.orElseThrow();
				String found = search.call("{\"query\": \"remember a fact about a person\"}");
				System.out.println("search found " + (found.contains("memory__") ? "memory__ tools" : found));
			}
			catch (Throwable ex) {
				ex.printStackTrace();
				System.exit(1);
			}
			System.exit(0);
		}

	}

}
