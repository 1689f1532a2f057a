package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * The soak's delay proxy in front of its Streamable HTTP server, killed and started again
 * on its port as the kill-streamable-http fault does: while the server is away the proxy
 * closes every connection it accepts, and once {@link HttpMcpServer#start()} has seen the
 * port open, the first request through the proxy reaches the server, from the same JDK
 * HTTP client whose pooled connection the kill closed.
 */
class DelayProxyIntegrationTests {

	private static final String INITIALIZE = """
			{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
			"capabilities": {}, "clientInfo": {"name": "delay-proxy-test", "version": "1"}}}""";

	@Test
	void theFirstRequestAfterTheServerListensAgainReachesIt(@TempDir Path work) throws Exception {
		int port = freePort();
		HttpClient http = HttpClient.newHttpClient();
		try (HttpMcpServer server = new HttpMcpServer("remote", Path.of("../mcp-servers"), "streamableHttp", port,
				work.resolve("remote.log")); DelayProxy proxy = new DelayProxy(port)) {
			server.start();
			assertThat(initialize(http, proxy).statusCode()).isEqualTo(200);

			server.kill();
			assertThatIOException().as("a request while the server is away").isThrownBy(() -> initialize(http, proxy));

			server.start();
			HttpResponse<String> back = initialize(http, proxy);
			assertThat(back.statusCode()).as("the first request after the server listens again").isEqualTo(200);
			assertThat(back.body()).contains("serverInfo");
		}
	}

	private static HttpResponse<String> initialize(HttpClient http, DelayProxy proxy)
			throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + proxy.port() + "/mcp"))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.POST(HttpRequest.BodyPublishers.ofString(INITIALIZE))
			.build();
		return http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
