package io.github.lazymcp.benchmarks.soak.fakes;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The model behind both app instances: a local HTTP server speaking OpenAI's Chat
 * Completions API to Spring AI's real OpenAI client. Each request names its conversation
 * in the {@code user} field (the soak app sets it to the conversation id); the
 * conversation's script decides the answer at once, so the time a turn spends here is the
 * model's and everything else is the application's. Requests of conversations it does not
 * know (the malformed requests that still reach the model) get a plain answer.
 */
public final class ScriptedModel implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(64, (task) -> {
		Thread thread = new Thread(task, "soak-model");
		thread.setDaemon(true);
		return thread;
	});

	private final Map<String, Responder> conversations = new ConcurrentHashMap<>();

	private final AtomicLong sequence = new AtomicLong();

	private final AtomicLong requests = new AtomicLong();

	private final AtomicLong failures = new AtomicLong();

	public ScriptedModel() {
		try {
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/", this::handle);
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	/**
	 * The base URL to give the OpenAI client.
	 * @return the URL, ending in {@code /v1}
	 */
	public String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1";
	}

	public void register(String conversationId, Responder conversation) {
		this.conversations.put(conversationId, conversation);
	}

	public void forget(String conversationId) {
		this.conversations.remove(conversationId);
	}

	public long requests() {
		return this.requests.get();
	}

	/**
	 * Requests the harness's own script failed to answer (a bug of the harness).
	 * @return the count
	 */
	public long failures() {
		return this.failures.get();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			long start = System.nanoTime();
			this.requests.incrementAndGet();
			Responder conversation = null;
			Move move;
			try {
				JsonNode body = OpenAiWire.JSON.readTree(exchange.getRequestBody().readAllBytes());
				conversation = this.conversations.get(body.path("user").asString(""));
				move = (conversation != null) ? conversation.respond(body)
						: new Move.Say("(no conversation of the soak)");
			}
			catch (JacksonException ex) {
				move = new Move.Say("(not JSON)");
			}
			catch (RuntimeException ex) {
				// A fault of the harness, not of the app: the app still gets an answer.
				this.failures.incrementAndGet();
				move = new Move.Say("(the scripted model failed: " + ex + ")");
			}
			byte[] answer = OpenAiWire.answer(move, this.sequence.incrementAndGet()).getBytes(StandardCharsets.UTF_8);
			// Counted before the answer is written: the turn may end as soon as it
			// arrives.
			if (conversation != null) {
				conversation.modelTime(System.nanoTime() - start);
			}
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, answer.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(answer);
			}
		}
	}

}
