package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The scripted model's judgment for one conversation: at a turn's start it searches (with
 * the user's words or a short intent of its own), calls a tool it sees, calls a deferred
 * tool it saw earlier without loading it, sends arguments that are not JSON, calls a name
 * no server has, enables the capability, or just answers; after a search it usually calls
 * one of the tools found; a turn has at most {@link #MAX_STEPS} tool calls. Random with
 * the conversation's own seed.
 */
public final class ModelScript {

	public static final String SEARCH = "ToolSearch";

	public static final String CAPABILITY = "capability";

	static final String UNKNOWN_TOOL = "nosuch__tool";

	private static final int MAX_STEPS = 4;

	/** What a model writes as a search after reading the guidance's server names. */
	private static final List<String> INTENTS = List.of("read a text file", "list the files in a folder",
			"search for files by name", "write a file", "create entities in the knowledge graph",
			"search the knowledge graph", "remember a fact about a person", "echo a message back", "add two numbers",
			"get a small image", "show the environment variables", "get structured weather data",
			"think step by step through a problem");

	private final Random random;

	private final ToolArguments arguments;

	private final Predicate<String> deferred;

	private final List<String> capabilities;

	// The schemas of deferred tools the model has seen, by name: what lets it call one
	// it has not loaded.
	private final Map<String, JsonNode> seen = new LinkedHashMap<>();

	/**
	 * Creates the script.
	 * @param random the conversation's randomness
	 * @param arguments makes arguments from schemas
	 * @param deferred whether a name is a deferred MCP tool
	 * @param capabilities the capabilities it enables, one at a time
	 */
	public ModelScript(Random random, ToolArguments arguments, Predicate<String> deferred, List<String> capabilities) {
		this.random = random;
		this.arguments = arguments;
		this.deferred = deferred;
		this.capabilities = List.copyOf(capabilities);
	}

	/**
	 * The next move.
	 * @param step the request
	 * @param previous the move the request answers, or null at a turn's start
	 * @param outcome what that move's result reported
	 * @return a tool call or an answer
	 */
	public Move next(Step step, Move.@Nullable Call previous, MoveResult outcome) {
		List<String> visible = step.tools().stream().filter(this.deferred).distinct().toList();
		visible.forEach((tool) -> this.seen.putIfAbsent(tool, step.schema(tool)));
		if (step.turnStart() || previous == null) {
			return opening(step, visible);
		}
		if (step.index() >= MAX_STEPS) {
			return new Move.Say("done");
		}
		if (previous.kind() == Move.Kind.SEARCH || previous.kind() == Move.Kind.CAPABILITY) {
			List<String> found = (outcome instanceof MoveResult.Reported reported)
					? reported.activated().stream().filter(visible::contains).sorted().toList() : List.of();
			return (!found.isEmpty() && this.random.nextDouble() < 0.85) ? call(step, pick(found), Move.Kind.ACTIVE)
					: new Move.Say("done");
		}
		return (this.random.nextDouble() < 0.25) ? search(step.userText()) : new Move.Say("done");
	}

	private Move opening(Step step, List<String> visible) {
		List<String> known = new ArrayList<>(this.seen.keySet());
		known.removeAll(visible);
		double roll = this.random.nextDouble();
		if (roll < 0.45) {
			return search(step.userText());
		}
		if (roll < 0.55 && !known.isEmpty()) {
			String tool = pick(known);
			return new Move.Call(tool, this.arguments.forSchema(this.seen.get(tool)), Move.Kind.DEFERRED);
		}
		if (roll < 0.65 && !visible.isEmpty()) {
			return call(step, pick(visible), Move.Kind.ACTIVE);
		}
		if (roll < 0.70 && !visible.isEmpty()) {
			return new Move.Call(pick(visible), "{\"path\": ", Move.Kind.MALFORMED);
		}
		if (roll < 0.75) {
			return new Move.Call(UNKNOWN_TOOL, "{}", Move.Kind.UNKNOWN);
		}
		if (roll < 0.80 && step.tools().contains(CAPABILITY)) {
			ObjectNode enable = OpenAiWire.JSON.createObjectNode()
				.put("action", "enable")
				.put("name", pick(this.capabilities));
			return new Move.Call(CAPABILITY, enable.toString(), Move.Kind.CAPABILITY);
		}
		if (roll < 0.85 && !known.isEmpty()) {
			ObjectNode byName = OpenAiWire.JSON.createObjectNode();
			byName.putArray("names").add(pick(known));
			return new Move.Call(SEARCH, byName.toString(), Move.Kind.SEARCH);
		}
		return new Move.Say("done");
	}

	private Move search(String userText) {
		String query = this.random.nextBoolean() ? userText : pick(INTENTS);
		ObjectNode arguments = OpenAiWire.JSON.createObjectNode()
			.put("query", query)
			.put("limit", 1 + this.random.nextInt(4));
		return new Move.Call(SEARCH, arguments.toString(), Move.Kind.SEARCH);
	}

	private Move call(Step step, String tool, Move.Kind kind) {
		return new Move.Call(tool, this.arguments.forSchema(step.schema(tool)), kind);
	}

	private String pick(List<String> names) {
		return names.get(this.random.nextInt(names.size()));
	}

}
