package io.github.lazymcp.catalog.internal;

import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.definition.DefaultToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

class TokenCounterTests {

	private final TokenCounter counter = new TokenCounter();

	@Test
	void countsTheCompactAnthropicShapeOfADefinition() {
		var definition = DefaultToolDefinition.builder()
			.name("sequentialthinking")
			.description("d")
			.inputSchema("{ \"type\" : \"object\" }")
			.build();

		// {"name":"sequentialthinking","description":"d","input_schema":{"type":"object"}}
		int expected = this.counter
			.count("{\"name\":\"sequentialthinking\",\"description\":\"d\",\"input_schema\":{\"type\":\"object\"}}");
		assertThat(this.counter.count(definition)).isEqualTo(expected).isGreaterThan(10);
	}

	@Test
	void aSchemaThatIsNotJsonStillCostsItsCharacters() {
		var broken = DefaultToolDefinition.builder().name("t").description("d").inputSchema("{oops").build();

		assertThat(this.counter.count(broken)).isGreaterThan(this.counter.count("{\"name\":\"t\"}"));
	}

}
