package io.github.lazymcp.tool;

import java.util.Optional;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.FakeConnection;
import io.github.lazymcp.search.Bm25Ranker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ToolSearch points at a switched-off capability when the hint has one for the query.
 */
class DormantHintTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(3, DeferredCallPolicy.ACTIVATE,
			new FakeConnection("fs", "read_file", "write_file"));

	private final DormantHint hint = (query) -> query.contains("remember")
			? Optional.of("The capability 'memory' is switched off.") : Optional.empty();

	private final ToolSearchService service = new ToolSearchService(this.fixture.catalog, new Bm25Ranker(),
			new ToolSearchService.SearchLimits(3, 3, 200), this.fixture.stats, this.hint);

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void whenNothingMatchesTheResultNamesTheDormantCapability() {
		SearchOutcome outcome = this.service.search(this.session, SearchRequest.parse("{\"query\": \"remember Ada\"}"));

		assertThat(outcome.tools()).isEmpty();
		assertThat(outcome.message()).isEqualTo("The capability 'memory' is switched off.");
	}

	@Test
	void whenToolsMatchTooTheHintIsAddedToTheMessage() {
		SearchOutcome outcome = this.service.search(this.session,
				SearchRequest.parse("{\"query\": \"read file to remember\"}"));

		assertThat(outcome.tools()).isNotEmpty();
		assertThat(outcome.message()).startsWith("These tools can be called")
			.endsWith("The capability 'memory' is switched off.");
	}

	@Test
	void withoutAHintTheUsualMessageStays() {
		SearchOutcome outcome = this.service.search(this.session,
				SearchRequest.parse("{\"query\": \"book a flight\"}"));

		assertThat(outcome.message()).contains("No tool matches");
	}

}
