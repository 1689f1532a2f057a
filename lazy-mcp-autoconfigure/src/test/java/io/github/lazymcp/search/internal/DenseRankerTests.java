package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DenseRankerTests {

	private final List<SearchDocument> tools = List.of(
			SearchDocument.of("fs/read_file", "fs", "read_file", "Read the complete contents of a file.", null),
			SearchDocument.of("fs/write_file", "fs", "write_file", "Create or overwrite a file.", null),
			SearchDocument.of("mail/send_email", "mail", "send_email", "Send an email message to a recipient.", null),
			SearchDocument.of("kg/create_entities", "kg", "create_entities", "Add people and things to the graph.",
					null));

	private final HashingEmbedder embedder = new HashingEmbedder();

	@Test
	void denseRankingPutsTheClosestToolFirst() {
		ToolIndex index = dense("").index(this.tools);

		assertThat(index.search("send an email", 2)).first().extracting(ToolMatch::name).isEqualTo("mail/send_email");
		assertThat(index.size()).isEqualTo(4);
	}

	@Test
	void denseIndexEmbedsEachToolOnceAndEachQueryOnce() {
		ToolIndex index = dense("").index(this.tools);
		index.search("read a file", 1);

		assertThat(this.embedder.texts()).isEqualTo(5);
	}

	@Test
	void theQueryPrefixIsPutBeforeTheQueryOnly() {
		List<String> tools = new ArrayList<>();
		List<String> queries = new ArrayList<>();
		new DenseRanker((texts) -> {
			tools.addAll(texts);
			return this.embedder.apply(texts);
		}, (query) -> {
			queries.add(query);
			return this.embedder.apply(List.of(query)).get(0);
		}, "query: ").index(this.tools).search("read", 1);

		assertThat(queries).containsExactly("query: read");
		assertThat(tools).hasSize(4).first().isEqualTo("read file (fs): Read the complete contents of a file.");
	}

	@Test
	void denseRankingRejectsDuplicateNames() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> dense("").index(List.of(this.tools.get(0), this.tools.get(0))));
	}

	private DenseRanker dense(String queryPrefix) {
		return new DenseRanker(this.embedder, (query) -> this.embedder.apply(List.of(query)).get(0), queryPrefix);
	}

}
