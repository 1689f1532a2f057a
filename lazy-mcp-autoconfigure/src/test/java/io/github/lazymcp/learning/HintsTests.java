package io.github.lazymcp.learning;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HintsTests {

	@Test
	void sourcesMergeFieldByFieldTheFirstSourceFirst() {
		Hints properties = Hints
			.of(Map.of("fs", Map.of("read_file", new ToolHints(List.of(), null, List.of("props"), 1.0))));
		Hints capability = Hints
			.of(Map.of("fs", Map.of("read_file", new ToolHints(List.of("from toml"), "when", List.of("toml"), 2.0),
					"write_file", new ToolHints(List.of("write"), null, List.of(), null))));

		Hints merged = Hints.merge(List.of(properties, capability));

		assertThat(merged.of("fs", "read_file"))
			.isEqualTo(new ToolHints(List.of("from toml"), "when", List.of("props"), 1.0));
		assertThat(merged.of("fs", "write_file").examples()).containsExactly("write");
		assertThat(merged.of("other", "read_file")).isEqualTo(ToolHints.NONE);
	}

	@Test
	void theRankerSeesExamplesThenWhenToUseThenTags() {
		assertThat(new ToolHints(List.of("e1", "e2"), "w", List.of("t"), null).texts()).containsExactly("e1", "e2", "w",
				"t");
		assertThat(ToolHints.NONE.texts()).isEmpty();
	}

}
