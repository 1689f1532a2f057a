package io.github.lazymcp.benchmarks.dataset;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.search.SearchDocument;

/**
 * Turns a dataset's tools into what rankers index.
 */
public final class Documents {

	private Documents() {
	}

	/**
	 * One document per tool, in dataset order, named by its {@code server/tool} key.
	 * @param dataset the dataset
	 * @return the documents
	 */
	public static List<SearchDocument> of(Dataset dataset) {
		return of(dataset, Map.of());
	}

	/**
	 * One document per tool, in dataset order, with the uses learned for it.
	 * @param dataset the dataset
	 * @param uses request texts by {@code server/tool} key
	 * @return the documents
	 */
	public static List<SearchDocument> of(Dataset dataset, Map<String, List<String>> uses) {
		List<SearchDocument> documents = new ArrayList<>(dataset.toolCount());
		for (Dataset.Server server : dataset.servers()) {
			for (Dataset.Tool tool : server.tools()) {
				String key = Dataset.key(server.name(), tool.name());
				documents.add(SearchDocument.of(key, server.name(), tool.name(), tool.description(), tool.inputSchema())
					.withUses(uses.getOrDefault(key, List.of())));
			}
		}
		return documents;
	}

}
