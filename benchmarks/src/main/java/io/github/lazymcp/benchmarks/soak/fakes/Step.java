package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * One model request of a conversation, as the scripted model reads it.
 *
 * @param body the request body
 * @param tools the names in its tools, in order
 * @param userText the turn's user message
 * @param index the step of the tool loop, 0 for the turn's first request
 * @param toolResults the results of the previous step's tool calls
 * @param health the health of the instance's servers at this step, as the app stamped it
 */
public record Step(JsonNode body, List<String> tools, String userText, int index, List<String> toolResults,
		StepHealth health) {

	public Step {
		tools = List.copyOf(tools);
		toolResults = List.copyOf(toolResults);
	}

	public static Step of(JsonNode body) {
		return new Step(body, OpenAiWire.toolNames(body), OpenAiWire.userText(body), OpenAiWire.assistantMessages(body),
				OpenAiWire.toolResults(body), StepHealth.of(body));
	}

	public boolean turnStart() {
		return this.index == 0;
	}

	/**
	 * The result of the previous step's one tool call.
	 * @return its text, empty when there is none
	 */
	public String result() {
		return this.toolResults.isEmpty() ? "" : this.toolResults.get(this.toolResults.size() - 1);
	}

	JsonNode schema(String tool) {
		return OpenAiWire.schema(this.body, tool);
	}

}
