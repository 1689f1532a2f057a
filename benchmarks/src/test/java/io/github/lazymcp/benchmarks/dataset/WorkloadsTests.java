package io.github.lazymcp.benchmarks.dataset;

import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class WorkloadsTests {

	@TempDir
	Path folder;

	@Test
	void sameNamedGoldToolsOnDifferentServersAreOneCall() {
		Task task = Task.of(new Dataset.Query("q", "text", List.of("a/x", "b/y", "c/x")));

		assertThat(task.calls()).containsExactly(List.of("a/x", "c/x"), List.of("b/y"));
	}

	@Test
	void theUnionPrefersCapturedServersAndDropsQueriesItCannotServe() throws Exception {
		Dataset catalogs = Dataset.readCatalogs(TinyData.catalogs(this.folder));
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));

		Dataset union = Workloads.union(catalogs, dataset);

		assertThat(union.servers()).extracting(Dataset.Server::name)
			.containsExactly("files", "notes", "mail", "desk", "weather");
		// captured "files" has read_file only: q3 keeps desk/write_file as its copy
		assertThat(union.queries()).extracting(Dataset.Query::id).containsExactly("q1", "q2", "q3");
		assertThat(union.servers().get(0).tools()).extracting(Dataset.Tool::description)
			.containsExactly("Read a file.\nSecond line.");
	}

	@Test
	void rankersAreFoundByNameOrAll() {
		RankerRegistry registry = RankerRegistry.standard();

		assertThat(registry.select("all")).containsExactly("bm25", "dense", "hybrid", "lc4j-simple", "lc4j-vector");
		assertThat(registry.select("bm25,lc4j-simple")).containsExactly("bm25", "lc4j-simple");
		assertThat(registry.create("bm25").id()).isEqualTo("bm25");
	}

}
