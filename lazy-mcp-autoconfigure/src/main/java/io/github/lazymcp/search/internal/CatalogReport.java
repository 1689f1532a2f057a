package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;

/*
 * Found from the catalog and its index alone, with no user text: tools of different
 * servers that a model cannot tell apart (the same name, or the same description, once
 * case, punctuation and spacing are set aside), tools their own description or hint
 * sentences do not find among the first few results, and tools without a description a
 * search could match. Each finding names the property that fixes it. Grouping by a
 * normalised key keeps the pairs linear to find; a group of k copies gives k(k-1)/2 pairs.
 */

/**
 * What an application owner can fix in a catalog so that its tools are found.
 *
 * @param tools how many tools were examined
 * @param depth how many results a tool's own text must find it among
 * @param confusable pairs of tools of different servers with the same name or description
 * @param notFoundByOwnText tools a text of their own does not find
 * @param undescribed tools without a usable description
 */
public record CatalogReport(int tools, int depth, List<Confusable> confusable, List<NotFound> notFoundByOwnText,
		List<Undescribed> undescribed) {

	private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^\\p{L}\\p{N}]+");

	/** The fewest words a description or hint needs to be searched with. */
	static final int MIN_WORDS = 3;

	public CatalogReport {
		confusable = List.copyOf(confusable);
		notFoundByOwnText = List.copyOf(notFoundByOwnText);
		undescribed = List.copyOf(undescribed);
	}

	/**
	 * Examines a catalog.
	 * @param documents the catalog's tools, as indexed
	 * @param index the index built over them
	 * @param depth how many results a tool's own text must find it among, at least 1
	 * @return the findings
	 */
	public static CatalogReport of(List<SearchDocument> documents, ToolIndex index, int depth) {
		if (depth < 1) {
			throw new IllegalArgumentException("depth must be at least 1, was " + depth);
		}
		List<Confusable> confusable = new ArrayList<>();
		confusable.addAll(pairs(documents, (document) -> normalised(document.toolName()), "the same name"));
		confusable.addAll(pairs(documents,
				(document) -> (words(document.description()) >= MIN_WORDS) ? normalised(document.description()) : "",
				"the same description"));
		List<NotFound> notFound = new ArrayList<>();
		List<Undescribed> undescribed = new ArrayList<>();
		for (SearchDocument document : documents) {
			if (words(document.description()) < MIN_WORDS) {
				undescribed.add(new Undescribed(document.name(), descriptionProperty(document)));
				continue;
			}
			List<String> texts = new ArrayList<>();
			texts.add(document.description());
			document.hints().stream().filter((hint) -> words(hint) >= MIN_WORDS).forEach(texts::add);
			for (String text : texts) {
				List<String> found = index.search(text, depth).stream().map(ToolIndex.ToolMatch::name).toList();
				if (!found.contains(document.name())) {
					notFound.add(new NotFound(document.name(), text, found,
							"add example requests under tools.lazy-mcp.servers.%s.tools.%s.examples, or tell it apart in %s"
								.formatted(document.server(), document.toolName(), descriptionProperty(document))));
				}
			}
		}
		return new CatalogReport(documents.size(), depth, confusable, notFound, undescribed);
	}

	private static List<Confusable> pairs(List<SearchDocument> documents, Function<SearchDocument, String> key,
			String why) {
		Map<String, List<SearchDocument>> groups = new LinkedHashMap<>();
		for (SearchDocument document : documents) {
			String value = key.apply(document);
			if (!value.isEmpty()) {
				groups.computeIfAbsent(value, (k) -> new ArrayList<>()).add(document);
			}
		}
		List<Confusable> pairs = new ArrayList<>();
		for (List<SearchDocument> group : groups.values()) {
			for (int i = 0; i < group.size(); i++) {
				for (int j = i + 1; j < group.size(); j++) {
					SearchDocument first = group.get(i);
					SearchDocument second = group.get(j);
					if (!first.server().equals(second.server())) {
						pairs.add(new Confusable(first.name(), second.name(), why,
								"deny the copy you do not need (tools.lazy-mcp.servers.%s.deny), or tell them apart in %s"
									.formatted(second.server(), descriptionProperty(second))));
					}
				}
			}
		}
		return pairs;
	}

	private static String descriptionProperty(SearchDocument document) {
		return "tools.lazy-mcp.servers.%s.descriptions.%s".formatted(document.server(), document.toolName());
	}

	static String normalised(String text) {
		return NOT_ALPHANUMERIC.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ").trim();
	}

	static int words(String text) {
		String normalised = normalised(text);
		return normalised.isEmpty() ? 0 : normalised.split(" ").length;
	}

	/**
	 * Two tools of different servers a model cannot tell apart.
	 *
	 * @param first one tool
	 * @param second the other
	 * @param why what they share
	 * @param fix the property that fixes it
	 */
	public record Confusable(String first, String second, String why, String fix) {

	}

	/**
	 * A tool one of its own texts does not find.
	 *
	 * @param tool the tool
	 * @param text its description or hint that was searched with
	 * @param found what the search found instead, best first
	 * @param fix the properties that fix it
	 */
	public record NotFound(String tool, String text, List<String> found, String fix) {

		public NotFound {
			found = List.copyOf(found);
		}

	}

	/**
	 * A tool without a description a search could match.
	 *
	 * @param tool the tool
	 * @param fix the property that fixes it
	 */
	public record Undescribed(String tool, String fix) {

	}

}
