package io.github.lazymcp.benchmarks.soak.fakes;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ToolResultsTests {

	private static final Move.Call SEARCH = new Move.Call("ToolSearch", "{}", Move.Kind.SEARCH);

	private static final Move.Call ENABLE = new Move.Call("capability", "{}", Move.Kind.CAPABILITY);

	@Test
	void readsWhatAToolSearchResultActivatedAndEvicted() {
		String result = """
				{"tools":[{"name":"fs__read","description":"Reads"},{"name":"fs__write","description":"Writes"}],
				 "evicted":["mem__graph"],"notActivated":["fs__write"],"active":"3/6","message":"ok"}""";

		MoveResult outcome = ToolResults.outcome(SEARCH, result);

		assertThat(outcome)
			.isEqualTo(new MoveResult.Reported(java.util.Set.of("fs__read"), java.util.Set.of("mem__graph"), 3));
	}

	@Test
	void aToolTheSearchFoundLoadedAlreadyWasNotActivatedByIt() {
		String result = """
				{"tools":[{"name":"fs__read","score":2.1,"alreadyLoaded":true},{"name":"fs__write","description":"Writes"}],
				 "active":"2/6","message":"These tools can be called from your next step. Already loaded: call `fs__read`."}""";

		assertThat(ToolResults.outcome(SEARCH, result))
			.isEqualTo(new MoveResult.Reported(java.util.Set.of("fs__write"), java.util.Set.of(), 2));
	}

	@Test
	void readsAToolSearchResultTheClientSentAsAJsonString() {
		String result = "\"{\\\"tools\\\":[{\\\"name\\\":\\\"fs__read\\\"}],\\\"active\\\":\\\"1/6\\\"}\"";

		assertThat(ToolResults.outcome(SEARCH, result))
			.isEqualTo(new MoveResult.Reported(java.util.Set.of("fs__read"), java.util.Set.of(), 1));
	}

	@Test
	void treatsAToolSearchErrorAsFailed() {
		String result = "{\"error\":\"the conversation's tool state cannot be read or written right now\",\"tools\":[],\"active\":\"0/6\"}";

		assertThat(ToolResults.outcome(SEARCH, result)).isInstanceOf(MoveResult.Failed.class);
	}

	@Test
	void treatsAResultThatIsNotJsonAsFailed() {
		assertThat(ToolResults.outcome(SEARCH, "Tool execution failed: boom")).isInstanceOf(MoveResult.Failed.class);
	}

	@Test
	void readsWhatEnablingACapabilityActivatedAndEvicted() {
		String result = """
				{"enabled":"thinking","alreadyEnabled":false,"tools":["thinking__plan"],
				 "evictedTools":["fs__read"],"active":"6/6","message":"These tools can be called from your next step."}""";

		assertThat(ToolResults.outcome(ENABLE, result))
			.isEqualTo(new MoveResult.Reported(java.util.Set.of("thinking__plan"), java.util.Set.of("fs__read"), 6));
	}

	@Test
	void treatsACapabilityThatCouldNotBeEnabledAsFailed() {
		String result = "{\"error\":\"capability 'thinking' could not be enabled: ...\",\"failed\":\"thinking\"}";

		assertThat(ToolResults.outcome(ENABLE, result)).isInstanceOf(MoveResult.Failed.class);
	}

	@Test
	void learnsNothingFromACapabilityListing() {
		assertThat(ToolResults.outcome(ENABLE, "{\"capabilities\":[],\"enabled\":\"\"}")).isEqualTo(MoveResult.NOTHING);
	}

	@Test
	void remembersWhichDeferredToolWasCalled() {
		Move.Call call = new Move.Call("mem__graph", "{}", Move.Kind.DEFERRED);

		assertThat(ToolResults.outcome(call, "[{\"type\":\"text\"}]"))
			.isEqualTo(new MoveResult.DeferredCall("mem__graph"));
	}

	@Test
	void learnsNothingFromOtherCalls() {
		Move.Call call = new Move.Call("mem__graph", "{", Move.Kind.MALFORMED);

		assertThat(ToolResults.outcome(call, "Error: not JSON")).isEqualTo(MoveResult.NOTHING);
	}

	@Test
	void recognisesErrorResultsByTheirFirstLine() {
		assertThat(ToolResults.isError("Error: tool 'x' is not available (down)")).isTrue();
		assertThat(ToolResults.isError("Tool 'x' is not loaded. Call ToolSearch first")).isTrue();
		assertThat(ToolResults.isError("[{\"type\":\"text\",\"text\":\"Echo: hi\"}]")).isFalse();
	}

}
