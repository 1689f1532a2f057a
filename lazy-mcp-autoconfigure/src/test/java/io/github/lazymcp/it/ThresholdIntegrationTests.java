package io.github.lazymcp.it;

import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Below both thresholds nothing is deferred: the real servers' tools all go to the model
 * and there is no ToolSearch and no guidance.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "tools.lazy-mcp.threshold.tools=100", "tools.lazy-mcp.threshold.tokens=100000" })
class ThresholdIntegrationTests extends RealMcpServers {

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Test
	void belowTheThresholdEveryToolIsSentAndNoToolSearchIsAdded() {
		this.model.reset();
		this.model.thenAnswer("hi");

		this.builder.build().prompt().system("Be brief.").user("hello").call().content();

		assertThat(this.model.toolNames(0)).doesNotContain("ToolSearch")
			.contains("memory__read_graph", "filesystem__read_text_file", "everything__echo",
					"sequential-thinking__sequentialthinking")
			.doesNotContain("filesystem__write_file")
			.hasSizeGreaterThan(30);
		assertThat(this.model.systemText(0)).isEqualTo("Be brief.");
	}

}
