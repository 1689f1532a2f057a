package io.github.lazymcp.benchmarks.soak.faults;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.github.lazymcp.benchmarks.soak.fakes.Move;
import io.github.lazymcp.benchmarks.soak.fakes.Responder;
import io.github.lazymcp.benchmarks.soak.fakes.Step;
import io.github.lazymcp.benchmarks.soak.fakes.ToolResults;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.load.Traffic;
import tools.jackson.databind.JsonNode;

/**
 * Asks an instance whether a server's tools work, the way a user would find out: a chat
 * turn of a fresh conversation whose model calls one of the server's tools by name and
 * repeats whether the result was an error. Each probe is its own conversation.
 */
public final class Probe {

	private static final Duration TIMEOUT = Duration.ofSeconds(90);

	private final Traffic traffic;

	private final AtomicLong serial = new AtomicLong();

	public Probe(Traffic traffic) {
		this.traffic = traffic;
	}

	/**
	 * Calls a tool through a chat turn.
	 * @param instance the instance to ask
	 * @param tool the tool, as the model names it
	 * @param arguments its arguments
	 * @return true when the turn ended and the tool's result was not an error
	 */
	boolean call(AppInstance instance, String tool, String arguments) {
		String id = "probe-" + this.serial.incrementAndGet();
		Script script = new Script(tool, arguments);
		this.traffic.model().register(id, script);
		try {
			HttpRequest request = HttpRequest.newBuilder(instance.uri("/chat/" + id))
				.timeout(TIMEOUT)
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"message\": \"probe\"}"))
				.build();
			HttpResponse<String> response = this.traffic.http().send(request, HttpResponse.BodyHandlers.ofString());
			return response.statusCode() == 200 && response.body().contains("\"ok\"");
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		finally {
			this.traffic.model().forget(id);
		}
	}

	/**
	 * The probe's model: call the tool, then answer {@code ok} or {@code error}.
	 */
	private static final class Script implements Responder {

		private final String tool;

		private final String arguments;

		Script(String tool, String arguments) {
			this.tool = tool;
			this.arguments = arguments;
		}

		@Override
		public Move respond(JsonNode body) {
			Step step = Step.of(body);
			if (step.turnStart()) {
				return new Move.Call(this.tool, this.arguments, Move.Kind.DEFERRED);
			}
			return new Move.Say(ToolResults.isError(step.result()) ? "error" : "ok");
		}

	}

}
