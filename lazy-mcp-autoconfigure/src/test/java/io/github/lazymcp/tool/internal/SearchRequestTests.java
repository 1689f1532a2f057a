package io.github.lazymcp.tool.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SearchRequestTests {

	@Test
	void readsQueryLimitAndNames() {
		SearchRequest request = SearchRequest.parse("{\"query\": \"read\", \"limit\": 2, \"names\": [\"a\", \"b\"]}");

		assertThat(request).isEqualTo(new SearchRequest("read", 2, java.util.List.of("a", "b")));
	}

	@Test
	void acceptsALimitSentAsTextAndASingleNameSentAsText() {
		SearchRequest request = SearchRequest.parse("{\"limit\": \"3\", \"names\": \"a\"}");

		assertThat(request.limit()).isEqualTo(3);
		assertThat(request.names()).containsExactly("a");
	}

	@Test
	void blankArgumentsAreAnEmptyRequest() {
		assertThat(SearchRequest.parse(" ")).isEqualTo(new SearchRequest(null, null, java.util.List.of()));
	}

	@Test
	void rejectsArgumentsThatAreNotAJsonObject() {
		assertThatIllegalArgumentException().isThrownBy(() -> SearchRequest.parse("[1]"))
			.withMessageContaining("must be a JSON object");
		assertThatIllegalArgumentException().isThrownBy(() -> SearchRequest.parse("{oops"))
			.withMessageContaining("must be a JSON object");
	}

	@Test
	void rejectsFieldsOfTheWrongType() {
		assertThatIllegalArgumentException().isThrownBy(() -> SearchRequest.parse("{\"query\": 5}"))
			.withMessage("'query' must be a string describing the capability you need");
		assertThatIllegalArgumentException().isThrownBy(() -> SearchRequest.parse("{\"limit\": 2.5}"))
			.withMessage("'limit' must be a whole number");
		assertThatIllegalArgumentException().isThrownBy(() -> SearchRequest.parse("{\"names\": [1]}"))
			.withMessageContaining("'names' must be an array of tool names");
	}

}
