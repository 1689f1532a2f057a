package io.github.lazymcp.benchmarks.soak.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import org.jspecify.annotations.Nullable;

/**
 * Requests no well-behaved client sends, to the chat endpoint and the actuator endpoints:
 * bodies that are not JSON or not UTF-8, wrong types and content types, oversized and odd
 * conversation ids, unknown tools and bad queries for the activation endpoint, and bytes
 * that are not HTTP at all. Each must be answered with a 4xx (or, where the request is
 * fine after all, a 2xx), never a 5xx. Thread-safe.
 */
public final class MalformedRequests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static final String LONG_ID = "x".repeat(300);

	private static final byte[] NOT_UTF8 = { '{', '"', 'm', 'e', 's', 's', 'a', 'g', 'e', '"', ':', '"', (byte) 0xC3,
			(byte) 0x28, (byte) 0xFF, '"', '}' };

	/** What is sent: method, path, content type (or null), body (or null). */
	private static final List<Request> REQUESTS = List.of(
			new Request("chat: not JSON", "POST", "/chat/m1", "application/json", bytes("{\"message\": ")),
			new Request("chat: empty body", "POST", "/chat/m1", "application/json", new byte[0]),
			new Request("chat: not UTF-8", "POST", "/chat/m1", "application/json", NOT_UTF8),
			new Request("chat: message not a string", "POST", "/chat/m1", "application/json",
					bytes("{\"message\": {\"nested\": [1, 2]}}")),
			new Request("chat: blank message", "POST", "/chat/m1", "application/json", bytes("{\"message\": \"  \"}")),
			new Request("chat: text/plain", "POST", "/chat/m1", "text/plain", bytes("hello")),
			new Request("chat: GET", "GET", "/chat/m1", null, null),
			new Request("chat: 300-character conversation id", "POST", "/chat/" + LONG_ID, "application/json",
					bytes("{\"message\": \"hello\"}")),
			new Request("chat: encoded control character in the id", "POST", "/chat/a%00b", "application/json",
					bytes("{\"message\": \"hello\"}")),
			new Request("chat: 2 MB message", "POST", "/chat/m2", "application/json",
					bytes("{\"message\": \"" + "a".repeat(2_000_000) + "\"}")),
			new Request("activation: not JSON", "POST", "/actuator/mcpactivation/m3", "application/json",
					bytes("{\"query\": ")),
			new Request("activation: query and tools", "POST", "/actuator/mcpactivation/m3", "application/json",
					bytes("{\"query\": \"read a file\", \"tools\": \"memory__read_graph\"}")),
			new Request("activation: tools as an array", "POST", "/actuator/mcpactivation/m3", "application/json",
					bytes("{\"tools\": [\"memory__read_graph\"]}")),
			new Request("activation: unknown tool", "POST", "/actuator/mcpactivation/m3", "application/json",
					bytes("{\"tools\": \"nosuch__tool\"}")),
			new Request("activation: empty object", "POST", "/actuator/mcpactivation/m3", "application/json",
					bytes("{}")),
			new Request("activation: 20,000-character query", "POST", "/actuator/mcpactivation/m3", "application/json",
					bytes("{\"query\": \"" + "read ".repeat(4000) + "\"}")),
			new Request("activation: 300-character session", "GET", "/actuator/mcpactivation/" + LONG_ID, null, null),
			new Request("activation: DELETE of an unknown session", "DELETE", "/actuator/mcpactivation/nosuch", null,
					null),
			new Request("activation: PUT", "PUT", "/actuator/mcpactivation/m3", "application/json", bytes("{}")),
			new Request("catalog: POST", "POST", "/actuator/mcpcatalog", "application/json", bytes("{}")),
			new Request("health: unknown component", "GET", "/actuator/health/lazyMcp/nosuch", null, null),
			new Request("metrics: bad tag", "GET", "/actuator/metrics/lazy.mcp.searches?tag=nocolon", null, null));

	/** Raw bytes on a socket: not HTTP, or broken HTTP. */
	private static final Map<String, String> RAW = Map.of("raw: not HTTP", "GARBAGE\r\n\r\n", "raw: bad header",
			"GET /actuator/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", "raw: negative length",
			"POST /chat/m4 HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n");

	private final Traffic traffic;

	private final Map<String, Long> statuses = new TreeMap<>();

	private long sent;

	public MalformedRequests(Traffic traffic) {
		this.traffic = traffic;
	}

	/**
	 * Sends every malformed request once to an instance.
	 * @param instance the instance
	 */
	public void send(AppInstance instance) {
		for (Request request : REQUESTS) {
			long sentAt = this.traffic.windows().now();
			HttpResponse<String> response = send(instance, request);
			count(instance, request.name(), (response != null) ? response.statusCode() : 0, sentAt,
					(response != null) ? response.body() : "");
		}
		RAW.forEach((name, text) -> {
			long sentAt = this.traffic.windows().now();
			count(instance, name, raw(instance, text), sentAt, "");
		});
	}

	public synchronized long sent() {
		return this.sent;
	}

	/**
	 * How the requests were answered.
	 * @return counts by status class ({@code 2xx}, {@code 4xx}, {@code 5xx}, {@code no
	 * answer})
	 */
	public synchronized Map<String, Long> statuses() {
		return new TreeMap<>(this.statuses);
	}

	private synchronized void count(AppInstance instance, String name, int status, long sentAt, String body) {
		this.sent++;
		String kind = (status <= 0) ? "no answer" : (status / 100) + "xx";
		this.statuses.merge(kind, 1L, Long::sum);
		if (status >= 500) {
			this.traffic.serverErrors()
				.add(instance.name(), "malformed " + name, status, sentAt, this.traffic.windows().now(), body);
		}
	}

	private @Nullable HttpResponse<String> send(AppInstance instance, Request request) {
		HttpRequest.BodyPublisher body = (request.body() != null)
				? HttpRequest.BodyPublishers.ofByteArray(request.body()) : HttpRequest.BodyPublishers.noBody();
		HttpRequest.Builder builder = HttpRequest.newBuilder(instance.uri(request.path()))
			.timeout(TIMEOUT)
			.method(request.method(), body);
		if (request.contentType() != null) {
			builder.header("Content-Type", request.contentType());
		}
		try {
			return this.traffic.http().send(builder.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	/** Writes the bytes, reads the status line, returns its code (0 when none). */
	private static int raw(AppInstance instance, String text) {
		try (Socket socket = new Socket(instance.uri("/").getHost(), instance.uri("/").getPort())) {
			socket.setSoTimeout((int) TIMEOUT.toMillis());
			OutputStream out = socket.getOutputStream();
			out.write(text.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] head = in.readNBytes(12);
			String line = new String(head, StandardCharsets.ISO_8859_1);
			return line.startsWith("HTTP/1.1 ") ? Integer.parseInt(line.substring(9, 12)) : 0;
		}
		catch (IOException | NumberFormatException ex) {
			return 0;
		}
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * One malformed request.
	 *
	 * @param name what is wrong with it
	 * @param method the HTTP method
	 * @param path the path
	 * @param contentType its content type, or null
	 * @param body its body, or null
	 */
	private record Request(String name, String method, String path, @Nullable String contentType,
			byte @Nullable [] body) {

	}

}
