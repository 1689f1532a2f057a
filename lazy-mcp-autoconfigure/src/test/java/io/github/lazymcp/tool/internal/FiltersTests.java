package io.github.lazymcp.tool.internal;

import java.time.Clock;
import java.util.List;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.tool.ToolFilter;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the filters together let an identity see, as the search asks it: everything when
 * no filter knows, the one filter's own object when one does, and what each sees, as one
 * object per identity, when several do.
 */
class FiltersTests {

	private final ToolSession ada = SessionStore.inMemory(SessionSettings.DEFAULTS, Clock.systemUTC())
		.session("c1")
		.withOwner("ada");

	private final ToolFilter plain = (session, state, tool) -> null;

	private final Seeing notes = new Seeing((document) -> !document.toolName().startsWith("note_"));

	private final Seeing mail = new Seeing((document) -> !document.toolName().startsWith("mail_"));

	@Test
	void noFilterThatKnowsSeesEverythingAndOneIsItsOwnVisibility() {
		assertThat(new Filters(List.of(this.plain)).visibility(this.ada)).isSameAs(ToolIndex.Visibility.ALL);
		assertThat(new Filters(List.of(this.plain, this.notes)).visibility(this.ada)).isSameAs(this.notes.seen);
	}

	@Test
	void severalSeeWhatEachSeesAsOneObjectPerIdentity() {
		Filters filters = new Filters(List.of(this.notes, this.plain, this.mail));

		ToolIndex.Visibility joined = filters.visibility(this.ada);

		assertThat(joined.sees(tool("fs_read"))).isTrue();
		assertThat(joined.sees(tool("note_read"))).isFalse();
		assertThat(joined.sees(tool("mail_send"))).isFalse();
		assertThat(filters.visibility(this.ada)).isSameAs(joined);
		assertThat(filters.visibility(this.ada.withOwner("bob"))).isNotSameAs(joined);
	}

	private static SearchDocument tool(String name) {
		return SearchDocument.of("s__" + name, "s", name, "", null);
	}

	/**
	 * A filter that hides nothing by state and gives one visibility to every identity.
	 */
	private record Seeing(ToolIndex.Visibility seen) implements ToolFilter, Visibilities {

		@Override
		public @Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool) {
			return null;
		}

		@Override
		public ToolIndex.Visibility visibility(@Nullable String owner) {
			return this.seen;
		}

	}

}
