package io.github.lazymcp.benchmarks.soak.load;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import io.github.lazymcp.benchmarks.soak.fakes.ModelScript;
import io.github.lazymcp.benchmarks.soak.fakes.Move;
import io.github.lazymcp.benchmarks.soak.fakes.MoveResult;
import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import io.github.lazymcp.benchmarks.soak.fakes.Responder;
import io.github.lazymcp.benchmarks.soak.fakes.Step;
import io.github.lazymcp.benchmarks.soak.fakes.StepHealth;
import io.github.lazymcp.benchmarks.soak.fakes.ToolResults;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.fleet.Pause;
import io.github.lazymcp.benchmarks.soak.judge.Incidents;
import io.github.lazymcp.benchmarks.soak.judge.Ledger;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One conversation slot: sends user turns to either instance, one at a time, and plays
 * the model for them. Every few turns it starts a new conversation (a new session). The
 * model side runs on the scripted model's threads, one request at a time, and checks each
 * request against the conversation's {@link Ledger} before its script answers.
 */
public final class Conversation implements Runnable, Responder {

	private static final Duration TURN_TIMEOUT = Duration.ofMinutes(3);

	/** The header that names a conversation's user to the app. */
	private static final String USER = "X-Soak-User";

	private final int slot;

	private final Traffic traffic;

	private final Random random;

	/** The user whose conversations the slot runs, or null for no one's. */
	private final @Nullable String user;

	private final AtomicLong modelNanos = new AtomicLong();

	// Where the current turn's time went, for the slowest turns: guarded by this.
	private final StringBuilder timeline = new StringBuilder();

	private long lastEvent;

	private int serial;

	private int turnsLeft;

	// Guarded by this: the model side reads them for each request of the turn.
	private String id = "";

	private String turnText = "";

	private @Nullable Ledger ledger;

	private @Nullable ModelScript script;

	private Move.@Nullable Call lastCall;

	// When the model answered with lastCall: the call ran from then until the next
	// request.
	private long lastCallAt;

	private String instance = "";

	// Whether the current turn called an MCP tool, and whether one of its calls failed:
	// the
	// model side sets them, the turn reads them at its end.
	private boolean calledTool;

	private boolean callFailed;

	public Conversation(int slot, Traffic traffic, long seed) {
		this.slot = slot;
		this.traffic = traffic;
		this.random = new Random(seed);
		this.user = traffic.tools().perUser().userOf(slot);
	}

	@Override
	public void run() {
		while (this.traffic.gate().enter()) {
			try {
				turn();
			}
			catch (RuntimeException ex) {
				this.traffic.tally().harnessError("conversation: " + ex);
			}
			finally {
				this.traffic.gate().exit();
			}
			Pause.millis(this.random.nextInt(this.traffic.thinkMillis() + 1));
		}
	}

	/**
	 * The id of the conversation the slot runs now.
	 * @return the id, empty before the first turn
	 */
	synchronized String id() {
		return this.id;
	}

	/**
	 * Counts model time towards the current turn.
	 * @param nanos the time one model request took
	 */
	@Override
	public void modelTime(long nanos) {
		this.modelNanos.addAndGet(nanos);
	}

	/**
	 * Answers one model request of this conversation.
	 * @param body the request
	 * @return the model's move
	 */
	@Override
	public synchronized Move respond(JsonNode body) {
		Step step = Step.of(body);
		Ledger current = this.ledger;
		ModelScript model = this.script;
		if (current == null || model == null || !step.userText().equals(this.turnText)) {
			// A turn the conversation gave up on (timed out) that the app still runs.
			this.traffic.tally().error("model request outside its turn");
			return new Move.Say("(not this turn)");
		}
		long now = this.traffic.windows().now();
		Move.Call previous = step.turnStart() ? null : this.lastCall;
		MoveResult outcome = (previous != null) ? ToolResults.outcome(previous, step.result()) : MoveResult.NOTHING;
		if (previous != null) {
			countResult(previous, step.result(), now);
		}
		current.at("on " + this.instance + (step.turnStart() ? ", a turn's start" : "") + ", after " + outcome);
		current.on(this.instance, now, step.health());
		current.observe(step.tools(), step.turnStart(), this.traffic.windows().databaseDown(now), outcome);
		Move move = model.next(step, previous, outcome);
		this.lastCall = (move instanceof Move.Call call) ? call : null;
		this.lastCallAt = this.traffic.windows().now();
		mark((previous != null) ? previous.tool() : "start");
		return move;
	}

	/** Notes the time since the last event, labelled with what happened in between. */
	private synchronized void mark(String label) {
		long now = System.nanoTime();
		this.timeline.append(label).append(' ').append((now - this.lastEvent) / 1_000_000).append(" ms; ");
		this.lastEvent = now;
	}

	/**
	 * Judges a tool call's result: a malformed or unknown call must fail; a call of an
	 * MCP tool that failed is an incident for the fault plan to explain, unless its error
	 * is the server's own answer about the call.
	 */
	private void countResult(Move.Call call, String result, long now) {
		boolean error = ToolResults.isError(result);
		switch (call.kind()) {
			case MALFORMED, UNKNOWN -> {
				if (!error) {
					this.traffic.tally()
						.violation(Tally.Kind.UNEXPLAINED, this.id, call.kind() + " call answered without an error: "
								+ result.substring(0, Math.min(120, result.length())));
				}
			}
			case ACTIVE, DEFERRED -> {
				this.calledTool = true;
				if (!error && this.user != null && this.traffic.tools().perUser().tool(call.tool())) {
					String crossed = this.traffic.perUserCalls()
						.succeeded(this.user, this.traffic.tools().perUser().users(), result);
					if (crossed != null) {
						this.traffic.tally().error("per-user result naming another user: " + crossed);
					}
				}
				this.callFailed |= error && !Incidents.serverAnswered(result);
				if (error && Incidents.serverAnswered(result)) {
					this.traffic.tally().error("tool call answered with the server's own error result");
				}
				else if (error) {
					this.traffic.incidents()
						.add(Incidents.Kind.TOOL_CALL, this.instance, StepHealth.serverOf(call.tool()), this.lastCallAt,
								now, call.tool() + ": " + result);
				}
			}
			default -> {
			}
		}
	}

	private void turn() {
		if (this.turnsLeft-- <= 0) {
			startConversation();
		}
		String text = this.traffic.texts().next();
		synchronized (this) {
			this.turnText = text;
			this.lastCall = null;
			this.calledTool = false;
			this.callFailed = false;
			this.timeline.setLength(0);
			this.lastEvent = System.nanoTime();
		}
		this.modelNanos.set(0);
		String body = OpenAiWire.JSON.createObjectNode().put("message", text).toString();
		long firstSent = this.traffic.windows().now();
		boolean answered = false;
		try {
			answered = send(body);
		}
		finally {
			felt(firstSent, answered);
		}
	}

	/**
	 * Records what the user of the turn felt: a turn that asked for a tool got its result
	 * or not; a turn without an answer got nothing.
	 */
	private void felt(long sent, boolean answered) {
		if (!this.traffic.turns().measuring()) {
			return;
		}
		boolean asked;
		boolean got;
		synchronized (this) {
			asked = this.calledTool || !answered;
			got = answered && !this.callFailed;
		}
		if (asked) {
			this.traffic.toolTurns().add(sent, this.traffic.windows().now(), got);
		}
	}

	/**
	 * Sends the turn to the instances in a load balancer's order until one takes it.
	 * @return whether it was answered with 200
	 */
	private boolean send(String body) {
		for (AppInstance instance : this.traffic.order(this.random)) {
			HttpRequest.Builder builder = HttpRequest.newBuilder(instance.uri("/chat/" + id()))
				.timeout(TURN_TIMEOUT)
				.header("Content-Type", "application/json");
			if (this.user != null) {
				// As a gateway that signed the user in would say who they are.
				builder.header(USER, this.user);
			}
			HttpRequest request = builder.POST(HttpRequest.BodyPublishers.ofString(body)).build();
			synchronized (this) {
				this.instance = instance.name();
			}
			long sent = this.traffic.windows().now();
			long start = System.nanoTime();
			try {
				HttpResponse<String> response = this.traffic.http().send(request, HttpResponse.BodyHandlers.ofString());
				return answered(instance, response, System.nanoTime() - start, sent);
			}
			catch (ConnectException ex) {
				// Sent to the other instance next, as a load balancer would.
				chatFailed(Incidents.Kind.CHAT_REFUSED, instance, sent, "connection refused");
			}
			catch (HttpTimeoutException ex) {
				chatFailed(Incidents.Kind.CHAT_TIMEOUT, instance, sent,
						"no answer within " + TURN_TIMEOUT.toMinutes() + " minutes");
				return false;
			}
			catch (IOException ex) {
				chatFailed(Incidents.Kind.CHAT_BROKEN, instance, sent, String.valueOf(ex));
				return false;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		return false;
	}

	private boolean answered(AppInstance instance, HttpResponse<String> response, long wallNanos, long sent) {
		int status = response.statusCode();
		if (status == 200) {
			this.traffic.turns().add(wallNanos, this.modelNanos.get());
			if (this.traffic.turns().measuring()) {
				mark("answer");
				this.traffic.slowTurns().offer(wallNanos / 1_000_000, describe(instance, wallNanos));
			}
			return true;
		}
		else if (status >= 500) {
			this.traffic.serverErrors()
				.add(instance.name(), "chat", status, sent, this.traffic.windows().now(), response.body());
		}
		else {
			chatFailed(Incidents.Kind.CHAT_CLIENT_ERROR, instance, sent, status + " " + response.body());
		}
		return false;
	}

	private void chatFailed(Incidents.Kind kind, AppInstance instance, long sent, String detail) {
		this.traffic.incidents().add(kind, instance.name(), null, sent, this.traffic.windows().now(), detail);
	}

	private synchronized String describe(AppInstance instance, long wallNanos) {
		return "%d ms, %s on %s (model %d ms): %s".formatted(wallNanos / 1_000_000, this.id, instance.name(),
				this.modelNanos.get() / 1_000_000, this.timeline.toString().strip());
	}

	/**
	 * The tools a conversation's session holds, read through the instance that sent the
	 * current request; nothing when it cannot be read.
	 */
	private Optional<Set<String>> sessionTools(String conversation) {
		String sender = this.instance;
		return this.traffic.instances()
			.stream()
			.filter((candidate) -> candidate.name().equals(sender))
			.findFirst()
			.flatMap((instance) -> instance.get("/actuator/mcpactivation/" + conversation))
			.filter((response) -> response.statusCode() == 200)
			.map((response) -> OpenAiWire.JSON.readTree(response.body())
				.path("tools")
				.valueStream()
				.map((tool) -> tool.path("name").asString())
				.collect(Collectors.toSet()));
	}

	private synchronized void startConversation() {
		if (!this.id.isEmpty()) {
			this.traffic.model().forget(this.id);
		}
		this.id = "c" + this.slot + "-" + (++this.serial);
		this.turnsLeft = 3 + this.random.nextInt(10);
		Traffic.ToolKinds tools = this.traffic.tools();
		String conversation = this.id;
		this.ledger = new Ledger(conversation, this.traffic.cap(), tools.deferred(), tools.capabilityTool(),
				this.traffic.tally(), this.traffic.steps(), () -> sessionTools(conversation));
		List<String> capabilities = (this.user != null) ? List.of(tools.capability(), tools.perUser().server())
				: List.of(tools.capability());
		this.script = new ModelScript(new Random(this.random.nextLong()), this.traffic.arguments(), tools.deferred(),
				capabilities);
		this.traffic.model().register(this.id, this);
	}

}
