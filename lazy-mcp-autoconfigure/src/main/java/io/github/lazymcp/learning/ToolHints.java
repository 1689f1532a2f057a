package io.github.lazymcp.learning;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.settings.InvalidSettingException;
import org.jspecify.annotations.Nullable;

/**
 * What people wrote about one tool, beyond its description: in properties
 * ({@code tools.lazy-mcp.servers.<name>.tools.<tool>.*}) or in a capability file.
 *
 * @param examples requests the tool is the answer to
 * @param whenToUse a sentence saying when to use the tool, or null
 * @param tags words the tool should be found by
 * @param cost what one call costs, in the unit the application chooses (ADR-042's cost
 * field), or null when unknown; not negative
 * @since 0.1.0
 */
public record ToolHints(List<String> examples, @Nullable String whenToUse, List<String> tags, @Nullable Double cost) {

	/** No hints. */
	public static final ToolHints NONE = new ToolHints(List.of(), null, List.of(), null);

	public ToolHints {
		examples = List.copyOf(examples);
		tags = List.copyOf(tags);
		if (cost != null && !(cost >= 0 && cost < Double.POSITIVE_INFINITY)) {
			throw new InvalidSettingException("cost", cost, "must be a number of at least 0");
		}
	}

	/**
	 * The texts a ranker sees: the examples, the when-to-use sentence, then the tags.
	 * @return the texts, empty when nothing was written
	 */
	public List<String> texts() {
		List<String> texts = new ArrayList<>(this.examples);
		if (this.whenToUse != null && !this.whenToUse.isBlank()) {
			texts.add(this.whenToUse);
		}
		texts.addAll(this.tags);
		return List.copyOf(texts);
	}

	/**
	 * These hints completed by others: what these leave empty is taken from the others.
	 * @param others hints from another source
	 * @return the merged hints
	 */
	public ToolHints orElse(ToolHints others) {
		return new ToolHints(this.examples.isEmpty() ? others.examples : this.examples,
				(this.whenToUse != null) ? this.whenToUse : others.whenToUse,
				this.tags.isEmpty() ? others.tags : this.tags, (this.cost != null) ? this.cost : others.cost);
	}

}
