package io.github.lazymcp.benchmarks.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.QueryBuilder;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The source's {@code LuceneToolSearcher} (Lucene 9.12.3, as the source's build). Each
 * tool is one document in memory: its name as an untokenized field that no query reads,
 * its description through Lucene's {@link StandardAnalyzer} (Unicode word breaks, lower
 * case; no stop words, no stemming, whatever the README says). So a tool is found by the
 * words of its description only, never by its name.
 *
 * <p>
 * The query is not parsed (no syntax, nothing to escape): {@link QueryBuilder} analyzes
 * it with the same analyzer into a phrase query and an OR of its terms over the
 * description, and the two are OR-ed, so a query of one word counts twice and a query
 * whose words appear in order gains the phrase's score. Lucene's top hits by BM25 (ties
 * in catalog order), at most {@value #DEFAULT_MAX_RESULTS} unless the search tool passes
 * a limit, are then cut at a minimum score: {@value #DEFAULT_MIN_SCORE} by default. A
 * query with no words left after analysis finds nothing.
 */
final class SpringAiLuceneSearcher implements SpringAiSearcher {

	/** The source's {@code DEFAULT_MAX_RESULTS}. */
	static final int DEFAULT_MAX_RESULTS = 10;

	/** The minimum score of the source's no-argument constructor. */
	static final float DEFAULT_MIN_SCORE = 0.25f;

	private static final String NAME = "toolName";

	private static final String DESCRIPTION = "toolDescription";

	private final float minScore;

	/**
	 * A searcher as {@code new LuceneToolSearcher(minScore)}.
	 * @param minScore the least BM25 score a tool must reach to be returned
	 */
	SpringAiLuceneSearcher(float minScore) {
		this.minScore = minScore;
	}

	@Override
	public String name() {
		return "LuceneToolSearcher(" + this.minScore + "f)";
	}

	@Override
	public Catalog index(List<ToolDefinition> tools) {
		Analyzer analyzer = new StandardAnalyzer();
		Directory directory = new ByteBuffersDirectory();
		try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
			for (ToolDefinition tool : tools) {
				Document document = new Document();
				document.add(new StringField(NAME, tool.name(), Field.Store.YES));
				document.add(new TextField(DESCRIPTION, tool.description(), Field.Store.YES));
				writer.addDocument(document);
			}
			writer.commit();
			// open for the index's life, which is a replay's: the directory is on the
			// heap
			IndexSearcher searcher = new IndexSearcher(DirectoryReader.open(directory));
			return (query, maxResults) -> search(searcher, analyzer, query,
					(maxResults != null) ? maxResults : DEFAULT_MAX_RESULTS);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not index %d tools in memory".formatted(tools.size()), ex);
		}
	}

	private List<String> search(IndexSearcher searcher, Analyzer analyzer, String text, int limit) {
		Query query = query(analyzer, text);
		if (query == null) {
			return List.of();
		}
		try {
			StoredFields stored = searcher.storedFields();
			List<String> names = new ArrayList<>();
			for (ScoreDoc hit : searcher.search(query, limit).scoreDocs) {
				if (hit.score >= this.minScore) {
					names.add(stored.document(hit.doc).get(NAME));
				}
			}
			return names;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not search the tools in memory", ex);
		}
	}

	/** The phrase and the OR of the terms, either alone where the other is missing. */
	private static @Nullable Query query(Analyzer analyzer, String text) {
		QueryBuilder builder = new QueryBuilder(analyzer);
		Query phrase = builder.createPhraseQuery(DESCRIPTION, text);
		Query terms = builder.createBooleanQuery(DESCRIPTION, text, BooleanClause.Occur.SHOULD);
		if (phrase == null || terms == null) {
			return (phrase != null) ? phrase : terms;
		}
		return new BooleanQuery.Builder().add(phrase, BooleanClause.Occur.SHOULD)
			.add(terms, BooleanClause.Occur.SHOULD)
			.build();
	}

}
