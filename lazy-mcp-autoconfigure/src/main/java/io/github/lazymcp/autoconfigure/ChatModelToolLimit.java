package io.github.lazymcp.autoconfigure;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import io.github.lazymcp.catalog.CatalogSettings;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The tool gate the application's chat models need when {@code threshold.tools} is unset:
 * tools sent as usual must fit every model's request. OpenAI accepts at most
 * {@value CatalogSettings#OPENAI_TOOL_LIMIT} tools, and a model whose provider is not
 * known is held to that limit too; Anthropic's Messages API limits a request by its
 * tokens (200,000), far above the token gate, so an application whose chat models are all
 * Anthropic's has no tool gate. The models are told apart by their bean types, read
 * without creating them (a chat model may itself depend on the tools lazy-mcp provides).
 */
final class ChatModelToolLimit {

	private static final String ANTHROPIC_PACKAGE = "org.springframework.ai.anthropic.";

	private ChatModelToolLimit() {
	}

	/**
	 * The tool gate for the chat models among these beans.
	 * @param beans the application's beans
	 * @return {@link CatalogSettings#NO_TOOL_GATE} when there are chat models and all are
	 * Anthropic's, else {@link CatalogSettings#OPENAI_TOOL_LIMIT}
	 */
	static int toolGate(ListableBeanFactory beans) {
		List<String> models = Arrays.stream(beans.getBeanNamesForType(ChatModel.class, true, false))
			.map((name) -> beans.getType(name, false))
			.filter(Objects::nonNull)
			.map(Class::getName)
			.toList();
		boolean anthropicOnly = !models.isEmpty()
				&& models.stream().allMatch((type) -> type.startsWith(ANTHROPIC_PACKAGE));
		return anthropicOnly ? CatalogSettings.NO_TOOL_GATE : CatalogSettings.OPENAI_TOOL_LIMIT;
	}

}
