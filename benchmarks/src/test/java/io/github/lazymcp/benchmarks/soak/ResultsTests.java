package io.github.lazymcp.benchmarks.soak;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ResultsTests {

	private static final Move.Call SEARCH = new Move.Call("ToolSearch", "{}", Move.Kind.SEARCH);

	private static final Move.Call ENABLE = new Move.Call("capability", "{}", Move.Kind.CAPABILITY);

	@Test
	void readsWhatAToolSearchResultActivatedAndEvicted() {
		String result = """
				{"tools":[{"name":"fs__read","description":"Reads"},{"name":"fs__write","description":"Writes"}],
				 "evicted":["mem__graph"],"notActivated":["fs__write"],"active":"3/6","message":"ok"}""";

		Outcome outcome = Results.outcome(SEARCH, result);

		assertThat(outcome)
			.isEqualTo(new Outcome.Reported(java.util.Set.of("fs__read"), java.util.Set.of("mem__graph"), 3));
	}

	@Test
	void readsAToolSearchResultTheClientSentAsAJsonString() {
		String result = "\"{\\\"tools\\\":[{\\\"name\\\":\\\"fs__read\\\"}],\\\"active\\\":\\\"1/6\\\"}\"";

		assertThat(Results.outcome(SEARCH, result))
			.isEqualTo(new Outcome.Reported(java.util.Set.of("fs__read"), java.util.Set.of(), 1));
	}

	@Test
	void treatsAToolSearchErrorAsFailed() {
		String result = "{\"error\":\"the conversation's tool state cannot be read or written right now\",\"tools\":[],\"active\":\"0/6\"}";

		assertThat(Results.outcome(SEARCH, result)).isInstanceOf(Outcome.Failed.class);
	}

	@Test
	void treatsAResultThatIsNotJsonAsFailed() {
		assertThat(Results.outcome(SEARCH, "Tool execution failed: boom")).isInstanceOf(Outcome.Failed.class);
	}

	@Test
	void readsWhatEnablingACapabilityActivatedAndEvicted() {
		String result = """
				{"enabled":"thinking","alreadyEnabled":false,"tools":["thinking__plan"],
				 "evictedTools":["fs__read"],"active":"6/6","message":"These tools can be called from your next step."}""";

		assertThat(Results.outcome(ENABLE, result))
			.isEqualTo(new Outcome.Reported(java.util.Set.of("thinking__plan"), java.util.Set.of("fs__read"), 6));
	}

	@Test
	void treatsACapabilityThatCouldNotBeEnabledAsFailed() {
		String result = "{\"error\":\"capability 'thinking' could not be enabled: ...\",\"failed\":\"thinking\"}";

		assertThat(Results.outcome(ENABLE, result)).isInstanceOf(Outcome.Failed.class);
	}

	@Test
	void learnsNothingFromACapabilityListing() {
		assertThat(Results.outcome(ENABLE, "{\"capabilities\":[],\"enabled\":\"\"}")).isEqualTo(Outcome.NOTHING);
	}

	@Test
	void remembersWhichDeferredToolWasCalled() {
		Move.Call call = new Move.Call("mem__graph", "{}", Move.Kind.DEFERRED);

		assertThat(Results.outcome(call, "[{\"type\":\"text\"}]")).isEqualTo(new Outcome.DeferredCall("mem__graph"));
	}

	@Test
	void learnsNothingFromOtherCalls() {
		Move.Call call = new Move.Call("mem__graph", "{", Move.Kind.MALFORMED);

		assertThat(Results.outcome(call, "Error: not JSON")).isEqualTo(Outcome.NOTHING);
	}

	@Test
	void recognisesErrorResultsByTheirFirstLine() {
		assertThat(Results.isError("Error: tool 'x' is not available (down)")).isTrue();
		assertThat(Results.isError("Tool 'x' is not loaded. Call ToolSearch first")).isTrue();
		assertThat(Results.isError("[{\"type\":\"text\",\"text\":\"Echo: hi\"}]")).isFalse();
	}

}
