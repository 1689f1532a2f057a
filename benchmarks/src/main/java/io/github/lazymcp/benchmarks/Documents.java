package io.github.lazymcp.benchmarks;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.search.SearchDocument;

/**
 * Turns a dataset's tools into what rankers index.
 */
final class Documents {

	private Documents() {
	}

	/**
	 * One document per tool, in dataset order, named by its {@code server/tool} key.
	 * @param dataset the dataset
	 * @return the documents
	 */
	static List<SearchDocument> of(Dataset dataset) {
		List<SearchDocument> documents = new ArrayList<>(dataset.toolCount());
		for (Dataset.Server server : dataset.servers()) {
			for (Dataset.Tool tool : server.tools()) {
				documents.add(SearchDocument.of(Dataset.key(server.name(), tool.name()), server.name(), tool.name(),
						tool.description(), tool.inputSchema()));
			}
		}
		return documents;
	}

}
