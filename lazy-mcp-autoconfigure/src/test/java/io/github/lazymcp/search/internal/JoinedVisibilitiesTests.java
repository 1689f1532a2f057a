package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JoinedVisibilitiesTests {

	private final JoinedVisibilities visibilities = new JoinedVisibilities();

	private final ToolIndex.Visibility notes = (document) -> !document.toolName().startsWith("note_");

	private final ToolIndex.Visibility mail = (document) -> !document.toolName().startsWith("mail_");

	@Test
	void noPerUserServerSeesEverythingAndOneIsItsOwnVisibility() {
		assertThat(this.visibilities.of("ada", List.of())).isSameAs(ToolIndex.Visibility.ALL);
		assertThat(this.visibilities.of("ada", List.of(this.notes))).isSameAs(this.notes);
		assertThat(this.visibilities.of("ada", List.of(ToolIndex.Visibility.ALL, this.notes))).isSameAs(this.notes);
		assertThat(this.visibilities.of("ada", List.of(ToolIndex.Visibility.ALL, ToolIndex.Visibility.ALL)))
			.isSameAs(ToolIndex.Visibility.ALL);
	}

	@Test
	void severalSeeWhatEachSeesAsOneObjectWhileThePartsAreTheSame() {
		ToolIndex.Visibility joined = this.visibilities.of("ada", List.of(this.notes, this.mail));

		assertThat(joined.sees(tool("fs_read"))).isTrue();
		assertThat(joined.sees(tool("note_read"))).isFalse();
		assertThat(joined.sees(tool("mail_send"))).isFalse();
		assertThat(this.visibilities.of("ada", List.of(this.notes, this.mail))).isSameAs(joined);
		assertThat(this.visibilities.of("bob", List.of(this.notes, this.mail))).isNotSameAs(joined);
		assertThat(this.visibilities.of("ada", List.of(this.notes, (document) -> true))).isNotSameAs(joined)
			.satisfies((changed) -> assertThat(changed.sees(tool("mail_send"))).isTrue());
	}

	private static SearchDocument tool(String name) {
		return SearchDocument.of("s__" + name, "s", name, "", null);
	}

}
