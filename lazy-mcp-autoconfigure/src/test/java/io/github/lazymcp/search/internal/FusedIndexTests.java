package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FusedIndexTests {

	private final HashingEmbedder embedder = new HashingEmbedder();

	private final List<SearchDocument> tools = List.of(
			SearchDocument.of("fs/read_file", "fs", "read_file", "Read the complete contents of a file.", null),
			SearchDocument.of("fs/write_file", "fs", "write_file", "Create or overwrite a file.", null),
			SearchDocument.of("mail/send_email", "mail", "send_email", "Send an email message to a recipient.", null),
			SearchDocument.of("kg/create_entities", "kg", "create_entities", "Add people and things to the graph.",
					null));

	@Test
	void settingsWithAnotherThresholdKeepEverythingElse() {
		RankingSettings settings = RankingSettings.DEFAULTS.withMinSimilarity(0.3);

		assertThat(settings.withMinSimilarity(RankingSettings.DEFAULTS.minSimilarity()))
			.isEqualTo(RankingSettings.DEFAULTS);
		assertThat(settings.minSimilarity()).isEqualTo(0.3);
	}

	@Test
	void theToolBothRankingsAgreeOnComesFirst() {
		List<ToolMatch> matches = hybrid(0).index(this.tools).search("overwrite a file", 4);

		assertThat(matches).first().extracting(ToolMatch::name).isEqualTo("fs/write_file");
	}

	@Test
	void abstainsWhenNothingIsSimilarEnoughAndNoWordIsCovered() {
		ToolIndex index = hybrid(0.5).index(this.tools);

		assertThat(index.search("quantum chromodynamics lattice", 5)).isEmpty();
		assertThat(index.search("send an email message", 5)).isNotEmpty();
	}

	@Test
	void aQueryForTheNearestToolsIsAnsweredWhereTheIndexAbstainsWithTheSameEmbedding() {
		ToolIndex index = hybrid(0.5).index(this.tools);
		Query query = Query.of("quantum chromodynamics lattice");
		int embedded = this.embedder.texts();

		assertThat(index.search(query, 5)).isEmpty();
		assertThat(index.search(query.nearest(), 5)).isNotEmpty()
			.extracting(ToolMatch::name)
			.isSubsetOf(this.tools.stream().map(SearchDocument::name).toList());
		assertThat(this.embedder.texts() - embedded).isEqualTo(1);
	}

	@Test
	void aShortRequestMadeOfAToolsWordsIsAnsweredBelowTheCosine() {
		ToolIndex index = hybrid(0.99).index(this.tools);

		assertThat(index.search("email recipient", 5)).extracting(ToolMatch::name).first().isEqualTo("mail/send_email");
		assertThat(index.search("email about the quarterly figures of the lattice team", 5)).isEmpty();
	}

	@Test
	void aToolNamedVerbatimRanksFirst() {
		List<ToolMatch> matches = hybrid(0).index(this.tools).search("Use read_file, then send an email message", 3);

		assertThat(matches).extracting(ToolMatch::name).first().isEqualTo("fs/read_file");
	}

	@Test
	void aNamedToolIsFoundEvenWhenTheRankingsWouldAbstain() {
		ToolIndex index = hybrid(0.99).index(this.tools);

		assertThat(index.search("quantum chromodynamics lattice", 5)).isEmpty();
		assertThat(index.search("run kg/create_entities for the quasar lattice chromodynamics", 5))
			.extracting(ToolMatch::name)
			.containsExactly("kg/create_entities");
	}

	@Test
	void hintsCountAsTheToolsOwnWords() {
		List<SearchDocument> hinted = List.of(this.tools.get(0),
				this.tools.get(2).withHints(List.of("Use when someone asks to notify a colleague")));

		assertThat(bm25().index(hinted).search("notify my colleague", 2)).extracting(ToolMatch::name)
			.containsExactly("mail/send_email");
	}

	@Test
	void aPastRequestLikeThisOneVotesForTheToolItCalled() {
		List<SearchDocument> learned = List.of(this.tools.get(0), this.tools.get(1),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));
		ToolIndex cold = hybrid(0).index(this.tools);
		ToolIndex warm = hybrid(0).index(learned);

		assertThat(cold.search("Remember that Ada prefers TEA", 1)).extracting(ToolMatch::name)
			.doesNotContain("kg/create_entities");
		assertThat(warm.search("Remember that Ada prefers TEA", 1)).extracting(ToolMatch::name)
			.containsExactly("kg/create_entities");
	}

	@Test
	void aRequestUnlikeEveryPastOneIsRankedAsIfNothingWasLearned() {
		List<SearchDocument> learned = List.of(this.tools.get(0), this.tools.get(1), this.tools.get(2),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));

		assertThat(hybrid(0).index(learned).search("overwrite a file", 4))
			.isEqualTo(hybrid(0).index(this.tools).search("overwrite a file", 4));
	}

	@Test
	void withoutEmbeddingsPastRequestsVoteByTheirWords() {
		List<SearchDocument> learned = List.of(this.tools.get(0), this.tools.get(1),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));

		assertThat(bm25().index(learned).search("remember Ada prefers coffee", 1)).extracting(ToolMatch::name)
			.containsExactly("kg/create_entities");
	}

	@Test
	void aServerTheRequestClearlyBelongsToLendsItsStandingToItsTools() {
		RankingSettings settings = RankingSettings.DEFAULTS.withMinSimilarity(0).withServerWeight(1);
		ServerSignal servers = new ServerSignal(this.tools, this.embedder,
				(query) -> this.embedder.apply(List.of(query)).get(0), "");

		java.util.function.Function<String, Double> standing = servers.standing(Query.of("fs read write file"));

		assertThat(standing.apply("fs/read_file")).isPositive();
		assertThat(standing.apply("mail/send_email")).isZero();
		assertThat(new FusionRanker(settings, embeddings()).index(this.tools).search("read write file", 2))
			.extracting(ToolMatch::name)
			.containsExactlyInAnyOrder("fs/read_file", "fs/write_file");
	}

	@Test
	void allowedFiltersEverySignal() {
		List<SearchDocument> learned = List.of(this.tools.get(0),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));

		assertThat(hybrid(0).index(learned)
			.search(Query.of("remember that Ada prefers tea kg/create_entities"), 5, (name) -> !name.startsWith("kg/")))
			.extracting(ToolMatch::name)
			.doesNotContain("kg/create_entities");
	}

	@Test
	void aVisibilityRanksAsItsFilterAloneAndIsAskedAboutEachToolOnceForEverySearch() {
		List<SearchDocument> catalog = new ArrayList<>(this.tools);
		for (String owner : List.of("ada", "bob")) {
			catalog.add(SearchDocument.of("notes/" + owner + "_read_note", "notes", owner + "_read_note",
					"Read one of your notes, by title.", null));
			catalog.add(SearchDocument.of("notes/" + owner + "_send_note", "notes", owner + "_send_note",
					"Send a note as an email message.", null));
		}
		AtomicInteger asked = new AtomicInteger();
		ToolIndex.Visibility ada = (document) -> {
			asked.incrementAndGet();
			return !document.server().equals("notes") || document.toolName().startsWith("ada_");
		};
		Predicate<String> adaAllowed = (name) -> !name.startsWith("notes/bob_");
		ToolIndex index = hybrid(0).index(catalog);
		List<String> requests = List.of("read a note", "send an email message",
				"Read the note called plans. Then send it as an email message.", "bob_read_note");

		for (String request : requests) {
			List<ToolMatch> seen = index.search(Query.of(request), 5, ada, adaAllowed);

			assertThat(seen).as(request).isEqualTo(index.search(Query.of(request), 5, adaAllowed));
			assertThat(seen).as(request).extracting(ToolMatch::name).noneMatch((name) -> name.startsWith("notes/bob_"));
		}
		assertThat(asked).hasValue(catalog.size());
		index.search(Query.of("read a note"), 5, (document) -> !document.toolName().startsWith("ada_"),
				(name) -> !name.startsWith("notes/ada_"));
		assertThat(asked).as("another visibility is asked itself").hasValue(catalog.size());
	}

	@Test
	void pastTheMostUsesComparedEveryUsedToolKeepsSomeEvidence() {
		List<String> many = new java.util.ArrayList<>();
		for (int i = 0; i < UseVotes.MAX_USES; i++) {
			many.add("pick up parcel number " + i);
		}
		List<SearchDocument> learned = List.of(this.tools.get(0).withUses(many),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));
		UseVotes votes = UseVotes.lexical(learned, UseVotes.none(), FusionRanker.USE_FLOOR_LEXICAL, 40);

		assertThat(votes.votes(Query.of("remember that Ada prefers tea"), (name) -> true))
			.containsOnlyKeys("kg/create_entities");
	}

	@Test
	void pastTheClusteredShareAQueryIsComparedWithTheNearestClustersKeptAcrossRebuildsAndAnIdenticalRequestStillVotes() {
		Query query = Query.of("remember that Ada prefers tea");
		Function<String, float[]> queries = (text) -> this.embedder.apply(List.of(text)).get(0);
		for (int others : new int[] { UseVotes.MIN_CLUSTERED - 2, UseVotes.MIN_CLUSTERED - 1 }) {
			List<String> many = new ArrayList<>();
			for (int i = 0; i < others; i++) {
				many.add("pick up parcel number " + i);
			}
			List<SearchDocument> learned = List.of(this.tools.get(0).withUses(many),
					this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));
			UseVotes votes = UseVotes.embedded(learned, UseVotes.none(), this.embedder, queries, "",
					FusionRanker.USE_FLOOR_EMBEDDED, 40);

			assertThat(votes.clusters() != null).as("%d distinct requests", others + 1)
				.isEqualTo(others + 1 == UseVotes.MIN_CLUSTERED);
			assertThat(votes.votes(query, (name) -> true)).containsOnlyKeys("kg/create_entities");
			List<SearchDocument> more = List.of(learned.get(0), this.tools.get(1).withUses(List.of("overwrite notes")),
					learned.get(1));
			UseVotes next = UseVotes.embedded(more, votes, this.embedder, queries, "", FusionRanker.USE_FLOOR_EMBEDDED,
					40);
			// Trained once, at the first rebuild past the threshold; then kept.
			assertThat(next.clusters()).extracting(VectorClusters::trained).isEqualTo(UseVotes.MIN_CLUSTERED);
			assertThat(next.votes(Query.of("overwrite notes"), (name) -> true)).containsOnlyKeys("fs/write_file");
			assertThat(next.votes(query, (name) -> true)).containsOnlyKeys("kg/create_entities");
		}
		assertThat(UseVotes.clusteredFrom(10_000)).isEqualTo(10_000 / UseVotes.CLUSTERED_SHARE);
	}

	@Test
	void oneRequestThatCalledSeveralToolsVotesForEachAlike() {
		String request = "remember that Ada prefers tea";
		List<SearchDocument> learned = List.of(this.tools.get(0), this.tools.get(2).withUses(List.of(request)),
				this.tools.get(3).withUses(List.of(request)));
		UseVotes alone = UseVotes.lexical(List.of(this.tools.get(0), this.tools.get(3).withUses(List.of(request))),
				UseVotes.none(), FusionRanker.USE_FLOOR_LEXICAL, 40);

		java.util.Map<String, Double> votes = UseVotes
			.lexical(learned, UseVotes.none(), FusionRanker.USE_FLOOR_LEXICAL, 40)
			.votes(Query.of(request), (name) -> true);

		assertThat(votes).containsOnlyKeys("mail/send_email", "kg/create_entities");
		assertThat(votes.get("mail/send_email")).isPositive().isEqualTo(votes.get("kg/create_entities"));
		assertThat(alone.votes(Query.of(request), (name) -> true).get("kg/create_entities")).isPositive();
	}

	@Test
	void theNeighboursThatVoteAreTheMostSimilarOfTheToolsAllowed() {
		// Unrelated uses make the query's words rare, so that one word more or less
		// decides
		// which past requests are closest.
		List<String> unrelated = new java.util.ArrayList<>();
		List<String> closer = new java.util.ArrayList<>();
		for (int i = 0; i < 10 * UseVotes.NEIGHBOURS; i++) {
			unrelated.add("pick up parcel " + i);
		}
		for (int i = 0; i < 2 * UseVotes.NEIGHBOURS; i++) {
			closer.add("remember that Ada prefers tea " + (char) ('a' + i) + "x");
		}
		List<SearchDocument> learned = List.of(this.tools.get(0).withUses(closer),
				this.tools.get(2).withUses(unrelated),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea very much")));
		UseVotes votes = UseVotes.lexical(learned, UseVotes.none(), FusionRanker.USE_FLOOR_LEXICAL, 40);
		Query query = Query.of("remember that Ada prefers tea");

		assertThat(votes.votes(query, (name) -> true)).containsOnlyKeys("fs/read_file");
		assertThat(votes.votes(query, (name) -> !name.equals("fs/read_file"))).containsOnlyKeys("kg/create_entities");
	}

	@Test
	void newUsesRebuildTheVotesAloneAndRankAsAFreshIndexWould() {
		List<SearchDocument> learned = List.of(this.tools.get(0), this.tools.get(1), this.tools.get(2),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));
		ToolIndex cold = hybrid(0).index(this.tools);
		int embedded = this.embedder.texts();

		ToolIndex warm = hybrid(0).reindexUses(cold, learned);

		assertThat(this.embedder.texts() - embedded).isEqualTo(1);
		assertThat(warm.search("Remember that Ada prefers TEA", 4))
			.isEqualTo(hybrid(0).index(learned).search("Remember that Ada prefers TEA", 4));
	}

	@Test
	void aRebuildWhoseVotingUsesDidNotChangeKeepsTheIndexAndEmbedsNothing() {
		FusionRanker ranker = hybrid(0);
		List<SearchDocument> learned = List.of(this.tools.get(0), this.tools.get(1), this.tools.get(2),
				this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));
		ToolIndex warm = ranker.reindexUses(ranker.index(this.tools), learned);
		int embedded = this.embedder.texts();

		List<SearchDocument> reloaded = List.of(this.tools.get(0), this.tools.get(1), this.tools.get(2),
				this.tools.get(3).withUses(List.of(new String("remember that Ada prefers tea"))));
		assertThat(ranker.reindexUses(warm, reloaded)).isSameAs(warm);
		assertThat(this.embedder.texts()).isEqualTo(embedded);

		List<SearchDocument> more = List.of(this.tools.get(0).withUses(List.of("show me the notes")), this.tools.get(1),
				this.tools.get(2), this.tools.get(3).withUses(List.of("remember that Ada prefers tea")));
		ToolIndex moved = ranker.reindexUses(warm, more);
		assertThat(moved).isNotSameAs(warm);
		assertThat(this.embedder.texts() - embedded).isEqualTo(1);
		assertThat(moved.search("show me the notes", 4))
			.isEqualTo(hybrid(0).index(more).search("show me the notes", 4));
	}

	@Test
	void eachClauseOfARequestLeadsWithItsBestToolInTheRequestsOrder() {
		String request = "Read the contents of the report. Then send an email message to the recipient,"
				+ " an email message with the report as the email message body.";

		List<ToolMatch> whole = new FusionRanker(RankingSettings.DEFAULTS.withMinSimilarity(0).withClauses(false),
				embeddings())
			.index(this.tools)
			.search(request, 4);
		List<ToolMatch> clauses = hybrid(0).index(this.tools).search(request, 4);

		assertThat(whole).extracting(ToolMatch::name).first().isEqualTo("mail/send_email");
		assertThat(clauses).extracting(ToolMatch::name).startsWith("fs/read_file", "mail/send_email");
		assertThat(clauses).extracting(ToolMatch::name)
			.containsExactlyInAnyOrderElementsOf(whole.stream().map(ToolMatch::name).toList());
	}

	@Test
	void aRequestOfOneClauseRanksAsWithoutClauses() {
		String request = "send an email message to the recipient about the contents of the file";

		assertThat(hybrid(0).index(this.tools).search(request, 4))
			.isEqualTo(new FusionRanker(RankingSettings.DEFAULTS.withMinSimilarity(0).withClauses(false), embeddings())
				.index(this.tools)
				.search(request, 4));
	}

	@Test
	void bm25CountsLessForARequestThatSharesFewWordsWithEveryTool() {
		// The stand-in model reads "umbrella" as "weather", "tomorrow" as "forecast" and
		// "paris" as "city": the request means the forecast, and shares one word with the
		// other tools.
		Map<String, String> meaning = Map.of("umbrella", "weather", "tomorrow", "forecast", "paris", "city");
		Function<List<String>, List<float[]>> model = (texts) -> this.embedder.apply(texts.stream()
			.map((text) -> java.util.Arrays.stream(text.toLowerCase(java.util.Locale.ROOT).split("\\W+"))
				.map((word) -> meaning.getOrDefault(word, word))
				.collect(java.util.stream.Collectors.joining(" ")))
			.toList());
		FusionRanker.Embeddings embeddings = new FusionRanker.Embeddings(model, model,
				(query) -> model.apply(List.of(query)).get(0), "");
		List<SearchDocument> catalog = List.of(
				SearchDocument.of("weather/forecast", "weather", "forecast", "Weather forecast for a city.", null),
				SearchDocument.of("shop/list", "shop", "list", "List what you need: need to buy, need to fix.", null),
				SearchDocument.of("notes/save", "notes", "save", "Save a note of what you need.", null),
				SearchDocument.of("fs/read", "fs", "read", "Read the contents of a file.", null));
		RankingSettings settings = RankingSettings.DEFAULTS.withMinSimilarity(0).withClauses(false);
		ToolIndex wordsInFull = new FusionRanker(settings.withSparseCoverage(0), embeddings).index(catalog);
		ToolIndex shipped = new FusionRanker(settings, embeddings).index(catalog);
		String fewWords = "Do I need an umbrella tomorrow in Paris";
		String ownWords = "Weather forecast for a city";

		assertThat(lead(shipped.search(fewWords, 2))).isGreaterThan(lead(wordsInFull.search(fewWords, 2)));
		assertThat(names(shipped.search(fewWords, 2))).first().isEqualTo("weather/forecast");
		assertThat(shipped.search(ownWords, 4)).isEqualTo(wordsInFull.search(ownWords, 4));
	}

	/** How far the first match is ahead of the second. */
	private static double lead(List<ToolMatch> matches) {
		return matches.get(0).score() - matches.get(1).score();
	}

	@Test
	void aSmallServersOtherMatchesFollowItsToolAmongTheBestThree() {
		List<SearchDocument> catalog = List.of(
				SearchDocument.of("weather/forecast", "weather", "forecast", "Weather forecast for a city.", null),
				SearchDocument.of("maps/route", "maps", "route", "Driving route between two places.", null),
				SearchDocument.of("maps/places", "maps", "places", "Places of interest near a point.", null),
				SearchDocument.of("maps/geocode", "maps", "geocode", "Coordinates of an address.", null),
				SearchDocument.of("news/headlines", "news", "headlines", "Today's news headlines.", null),
				SearchDocument.of("weather/alerts", "weather", "alerts", "Severe storm warnings.", null));
		String request = "weather forecast for the city, the driving route there and places near it";

		List<String> apart = names(ranker(0).index(catalog).search(request, 6));
		List<String> together = names(ranker(2).index(catalog).search(request, 6));

		assertThat(apart).first().isEqualTo("weather/forecast");
		assertThat(apart.indexOf("weather/alerts")).as("the alerts apart, in %s", apart).isGreaterThan(2);
		assertThat(together).as("the weather server lists 2 tools, the maps server 3")
			.startsWith("weather/forecast", "weather/alerts")
			.containsExactlyInAnyOrderElementsOf(apart);
		assertThat(together.subList(2, together.size()))
			.isEqualTo(apart.stream().filter((name) -> !name.startsWith("weather/")).toList());
		assertThat(names(ranker(2).index(catalog).search(request, 1))).containsExactly("weather/forecast");
		assertThat(names(ranker(2).index(catalog).search(request, Integer.MAX_VALUE))).isEqualTo(together);
	}

	@Test
	void blankQueriesFindNothing() {
		assertThat(hybrid(0).index(this.tools).search("  ", 5)).isEmpty();
	}

	private FusionRanker hybrid(double minSimilarity) {
		return new FusionRanker(RankingSettings.DEFAULTS.withMinSimilarity(minSimilarity), embeddings());
	}

	private FusionRanker ranker(int smallServer) {
		return new FusionRanker(
				RankingSettings.DEFAULTS.withMinSimilarity(0).withClauses(false).withSmallServer(smallServer),
				embeddings());
	}

	private static List<String> names(List<ToolMatch> matches) {
		return matches.stream().map(ToolMatch::name).toList();
	}

	private FusionRanker bm25() {
		return new FusionRanker(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25), null);
	}

	private FusionRanker.Embeddings embeddings() {
		return new FusionRanker.Embeddings(this.embedder, this.embedder,
				(query) -> this.embedder.apply(List.of(query)).get(0), "");
	}

}
