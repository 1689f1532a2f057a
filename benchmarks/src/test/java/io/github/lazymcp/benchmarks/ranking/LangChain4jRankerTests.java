package io.github.lazymcp.benchmarks.ranking;

import java.util.List;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LangChain4jRankerTests {

	private final List<SearchDocument> tools = List.of(
			SearchDocument.of("fs/read_file", "fs", "read_file", "Read the complete contents of a file.", null),
			SearchDocument.of("mail/send_email", "mail", "send_email", "Send an email message to a recipient.", null),
			SearchDocument.of("kg/create_entities", "kg", "create_entities", "Add people and things to a graph.",
					null));

	@Test
	void simpleStrategyMatchesSubstringsOfNameAndDescription() {
		ToolIndex index = LangChain4jRanker.simple().index(this.tools);

		assertThat(index.search("email", 5)).extracting(ToolMatch::name).containsExactly("mail/send_email");
		assertThat(index.search("zzz", 5)).isEmpty();
		assertThat(index.size()).isEqualTo(3);
	}

	@Test
	void vectorStrategyRunsTheBundledModelInProcess() {
		ToolIndex index = LangChain4jRanker.vector().index(this.tools);

		List<ToolMatch> matches = index.search("send a message to someone", 2);

		assertThat(matches).hasSize(2).first().extracting(ToolMatch::name).isEqualTo("mail/send_email");
	}

}
