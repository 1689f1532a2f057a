package io.github.lazymcp.benchmarks.soak.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import io.github.lazymcp.benchmarks.dataset.Dataset;
import org.jspecify.annotations.Nullable;

/**
 * The users' messages, one per turn, never the same twice in a row: an evaluation file's
 * queries in a seeded shuffle (cycled when the run outlasts them), or, without one,
 * requests made from a few templates and a counter.
 */
public final class Texts {

	private static final List<String> TEMPLATES = List.of("Please read the file notes-%d.txt and summarise it",
			"Remember that colleague number %d prefers green tea", "Echo the phrase 'ticket %d' back to me",
			"What do you get when you add %d and 17?", "List what is in the project folder for task %d",
			"Think step by step about plan %d before answering", "Find files whose name mentions report %d",
			"Search my notes for anything about customer %d");

	private final @Nullable List<String> queries;

	private final AtomicLong next = new AtomicLong();

	private Texts(@Nullable List<String> queries) {
		this.queries = queries;
	}

	/**
	 * The queries of an evaluation file.
	 * @param file the file ({@code eval/*.json})
	 * @param seed the shuffle's seed
	 * @return the texts
	 * @throws IOException when the file cannot be read
	 */
	public static Texts of(Path file, long seed) throws IOException {
		List<String> queries = new ArrayList<>();
		Dataset.read(file).queries().forEach((query) -> queries.add(query.text()));
		if (queries.isEmpty()) {
			throw new IllegalArgumentException("--queries " + file + " has no queries");
		}
		Collections.shuffle(queries, new Random(seed));
		return new Texts(queries);
	}

	public static Texts generated() {
		return new Texts(null);
	}

	String next() {
		long n = this.next.getAndIncrement();
		if (this.queries != null) {
			return this.queries.get((int) (n % this.queries.size()));
		}
		return TEMPLATES.get((int) (n % TEMPLATES.size())).formatted(n);
	}

}
