package io.github.lazymcp.search.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import org.jspecify.annotations.Nullable;

/**
 * What an identity sees, joined from several parts (the per-user servers it holds, the
 * filters that know what it may see), as one object that searches can keep their answers
 * for: the same object while each part is the same. The one place of the rule that a tool
 * is seen when every part sees it.
 */
public final class JoinedVisibilities {

	/**
	 * How many identities' joined visibilities are kept; past that, all are made again.
	 */
	static final int MAX = 10_000;

	private final Map<String, Joined> kept = new ConcurrentHashMap<>();

	/**
	 * One identity's visibility over the servers' parts.
	 * @param owner the identity's opaque id, or null for none
	 * @param parts what each part lets it see; {@link ToolIndex.Visibility#ALL} adds
	 * nothing
	 * @return everything without parts, the one part itself, otherwise what every part
	 * sees: the object of the last call for this identity when the parts are the same
	 * objects
	 */
	public ToolIndex.Visibility of(@Nullable String owner, List<ToolIndex.Visibility> parts) {
		if (parts.contains(ToolIndex.Visibility.ALL)) {
			return of(owner, parts.stream().filter((part) -> part != ToolIndex.Visibility.ALL).toList());
		}
		if (parts.size() < 2) {
			return parts.isEmpty() ? ToolIndex.Visibility.ALL : parts.get(0);
		}
		String key = (owner != null) ? owner : "";
		Joined joined = this.kept.get(key);
		if (joined != null && joined.madeOf(parts)) {
			return joined;
		}
		if (this.kept.size() >= MAX) {
			this.kept.clear();
		}
		joined = new Joined(List.copyOf(parts));
		this.kept.put(key, joined);
		return joined;
	}

	/** What every part sees. Equal only to itself: searches keep answers by identity. */
	private static final class Joined implements ToolIndex.Visibility {

		private final List<ToolIndex.Visibility> parts;

		Joined(List<ToolIndex.Visibility> parts) {
			this.parts = parts;
		}

		@Override
		public boolean sees(SearchDocument document) {
			for (ToolIndex.Visibility part : this.parts) {
				if (!part.sees(document)) {
					return false;
				}
			}
			return true;
		}

		boolean madeOf(List<ToolIndex.Visibility> others) {
			if (others.size() != this.parts.size()) {
				return false;
			}
			for (int i = 0; i < others.size(); i++) {
				if (others.get(i) != this.parts.get(i)) {
					return false;
				}
			}
			return true;
		}

	}

}
