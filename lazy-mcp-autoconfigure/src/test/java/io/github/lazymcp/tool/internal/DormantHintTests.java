package io.github.lazymcp.tool.internal;

import java.util.List;
import java.util.Optional;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ToolSearch points at a switched-off capability when a model tool has a hint for the
 * query.
 */
class DormantHintTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE,
			List.of(new HintingTool()), new FakeConnection("fs", "read_file", "write_file"));

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void whenNothingMatchesTheResultNamesTheDormantCapability() {
		SearchResult outcome = search("{\"query\": \"remember Ada\"}");

		assertThat(outcome.tools()).isEmpty();
		assertThat(outcome.message()).isEqualTo("The capability 'memory' is switched off.");
	}

	@Test
	void whenToolsMatchTooTheHintIsAddedToTheMessage() {
		SearchResult outcome = search("{\"query\": \"read file to remember\"}");

		assertThat(outcome.tools()).isNotEmpty();
		assertThat(outcome.message()).startsWith("These tools can be called")
			.endsWith("The capability 'memory' is switched off.");
	}

	@Test
	void withoutAHintTheUsualMessageStays() {
		SearchResult outcome = search("{\"query\": \"book a flight\"}");

		assertThat(outcome.message()).contains("No suitable tool exists");
	}

	private SearchResult search(String json) {
		return this.fixture.registry.search(this.session, SearchRequest.parse(json));
	}

	/** A model tool that hints at a capability for requests about remembering. */
	private static final class HintingTool implements ModelTool {

		@Override
		public Optional<String> searchHint(ToolSession session, SessionState state, Query query) {
			return query.text().contains("remember") ? Optional.of("The capability 'memory' is switched off.")
					: Optional.empty();
		}

		@Override
		public ToolDefinition getToolDefinition() {
			return DefaultToolDefinition.builder().name("hinting").description("hints").inputSchema("{}").build();
		}

		@Override
		public String call(String toolInput) {
			return "{}";
		}

		@Override
		public String call(String toolInput, @Nullable ToolContext toolContext) {
			return "{}";
		}

	}

}
