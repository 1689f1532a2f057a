package io.github.lazymcp.wire;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.lazymcp.wire.WireProtocol.Answer;
import io.github.lazymcp.wire.WireProtocol.Text;
import io.github.lazymcp.wire.WireProtocol.ToolCall;
import io.github.lazymcp.wire.WireProtocol.Turn;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fake model provider on loopback, speaking one provider's HTTP protocol. It records
 * the body of every request a real provider client sends, and answers each with the next
 * turn of a script: the model's judgment is the only thing faked.
 */
final class FakeModelServer implements AutoCloseable {

	private static final JsonMapper json = JsonMapper.shared();

	private final WireProtocol protocol;

	private final HttpServer server;

	private final Queue<Function<JsonNode, Turn>> script = new ConcurrentLinkedQueue<>();

	private final List<Sent> requests = new CopyOnWriteArrayList<>();

	private final AtomicInteger sequence = new AtomicInteger();

	private FakeModelServer(WireProtocol protocol) throws IOException {
		this.protocol = protocol;
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	static FakeModelServer start(WireProtocol protocol) {
		try {
			return new FakeModelServer(protocol);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The base URL to give the provider client.
	 * @return the URL on loopback
	 */
	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + this.protocol.basePath();
	}

	WireProtocol protocol() {
		return this.protocol;
	}

	FakeModelServer thenCall(String tool, String arguments) {
		this.script.add((request) -> new ToolCall(tool, arguments));
		return this;
	}

	/**
	 * Scripts a tool call whose arguments the model writes from what the request shows
	 * it, as a model picks a name from a result it read.
	 * @param tool the tool to call
	 * @param arguments the arguments, from the request body
	 * @return this server
	 */
	FakeModelServer thenCall(String tool, Function<JsonNode, String> arguments) {
		this.script.add((request) -> new ToolCall(tool, arguments.apply(request)));
		return this;
	}

	FakeModelServer thenAnswer(String text) {
		this.script.add((request) -> new Text(text));
		return this;
	}

	/**
	 * Forgets the script and the recorded requests.
	 */
	void reset() {
		this.script.clear();
		this.requests.clear();
	}

	/**
	 * Every request received since the last reset, in order.
	 * @return the requests
	 */
	List<Sent> requests() {
		return List.copyOf(this.requests);
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			JsonNode body = json.readTree(exchange.getRequestBody().readAllBytes());
			boolean stream = this.protocol.streaming(body);
			this.requests.add(new Sent(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), body, stream));
			Function<JsonNode, Turn> next = this.script.poll();
			Turn turn = (next != null) ? next.apply(body) : new Text("(end of script)");
			Answer answer = this.protocol.answer(turn, this.sequence.incrementAndGet(), stream);
			exchange.getResponseHeaders().set("Content-Type", answer.contentType());
			// Length 0 means chunked: a stream's parts reach the client as they are
			// flushed.
			exchange.sendResponseHeaders(200, stream ? 0 : bytes(answer).length);
			OutputStream out = exchange.getResponseBody();
			for (String part : answer.parts()) {
				out.write(part.getBytes(StandardCharsets.UTF_8));
				out.flush();
			}
		}
	}

	private static byte[] bytes(Answer answer) {
		return String.join("", answer.parts()).getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * One request as the provider client sent it.
	 *
	 * @param method the HTTP method
	 * @param path the request path
	 * @param body the JSON body
	 * @param streamed whether it asked for a streamed answer
	 */
	record Sent(String method, String path, JsonNode body, boolean streamed) {

	}

}
