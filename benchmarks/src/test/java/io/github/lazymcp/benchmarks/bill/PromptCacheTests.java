package io.github.lazymcp.benchmarks.bill;

import java.util.List;

import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.replay.ReplayOptions;
import io.github.lazymcp.catalog.internal.CatalogFixtures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class PromptCacheTests {

	private static final CatalogFixtures.Tokens COUNTER = CatalogFixtures.tokens();

	private static final PromptBlock A = PromptBlock.tool("a", "a", 100);

	private static final PromptBlock B = PromptBlock.tool("b", "b", 50);

	private static final PromptBlock C = PromptBlock.text(PromptBlock.Kind.USER, "user", "c", 20);

	private static final PromptBlock D = PromptBlock.tool("d", "d", 30);

	@Test
	void writesWhatItHasNotSeenAndReadsTheLongestPrefixItHas() {
		PromptCache cache = new PromptCache(new CachePrices(1.25, 0.1, 5, 0));

		// 150 written: 150 × 1.25
		assertThat(cache.bill(List.of(A, B))).isCloseTo(187.5, within(1e-9));
		// 150 read, 20 written: 15 + 25
		assertThat(cache.bill(List.of(A, B, C))).isCloseTo(40, within(1e-9));
	}

	@Test
	void aChangedToolReBillsEverythingAfterIt() {
		PromptCache cache = new PromptCache(new CachePrices(1.25, 0.1, 5, 0));
		cache.bill(List.of(A, B, C));

		// A read (10); D and C, though C did not change, written (50 × 1.25)
		assertThat(cache.bill(List.of(A, D, C))).isCloseTo(72.5, within(1e-9));
	}

	@Test
	void aPromptShorterThanTheMinimumIsNeverCachedAndCostsTheBasePrice() {
		PromptCache cache = new PromptCache(new CachePrices(1.25, 0.1, 5, 1024));
		PromptBlock big = PromptBlock.tool("big", "big", 2000);

		assertThat(cache.bill(List.of(A, B))).isEqualTo(150);
		assertThat(cache.bill(List.of(A, B))).isEqualTo(150);
		assertThat(cache.bill(List.of(big))).isEqualTo(2500);
		assertThat(cache.bill(List.of(big, C))).isCloseTo(200 + 25, within(1e-9));
	}

	@Test
	void aConversationIsBilledRequestByRequestWithTheModelsOutput() {
		CatalogFixtures.Tokens counter = COUNTER;
		Transcript conversation = new Transcript(counter, null);
		PromptBlock tools = PromptBlock.tool("t", "t", 2000);
		conversation.user("hello");
		conversation.request(List.of(tools));
		conversation.called("t", "call", "result", PromptBlock.Kind.SEARCH_RESULT);
		conversation.request(List.of(tools, A));
		int user = counter.count("hello");
		int call = counter.count("call");
		int result = counter.count("result");

		Bill bill = Bill.of(conversation, new CachePrices(1.25, 0.1, 5, 1024),
				new PromptCache(new CachePrices(1.25, 0.1, 5, 1024)));

		assertThat(bill.requests()).isEqualTo(2);
		assertThat(bill.tokens()).isEqualTo((2000 + user) + (2000 + 100 + user + call + result));
		assertThat(bill.toolsChanges()).isEqualTo(1);
		assertThat(bill.searchResultTokens()).isEqualTo(result);
		assertThat(bill.outputTokens()).isEqualTo(call);
		// request 1: all written; its output; request 2: the 2,000 tokens of t read, the
		// rest (A and the messages after it) written
		double first = (2000 + user) * 1.25 + call * 5;
		double second = 2000 * 0.1 + (100 + user + call + result) * 1.25;
		assertThat(bill.cost()).isCloseTo(first + second, within(1e-9));
		assertThat(bill.warmCost()).isCloseTo(bill.cost(), within(1e-9));
	}

	@Test
	void aWarmCacheSharesThePrefixesOfEarlierConversations() {
		CachePrices prices = new CachePrices(1.25, 0.1, 5, 0);
		PromptCache warm = new PromptCache(prices);
		Transcript first = new Transcript(COUNTER, null);
		first.request(List.of(A));
		Transcript second = new Transcript(COUNTER, null);
		second.request(List.of(A));

		Bill.of(first, prices, warm);
		Bill bill = Bill.of(second, prices, warm);

		assertThat(bill.cost()).isCloseTo(125, within(1e-9));
		assertThat(bill.warmCost()).isCloseTo(10, within(1e-9));
	}

	@Test
	void theMultipliersArePricesNotConstants() {
		// OpenAI's automatic caching on GPT-4o: no write surcharge, cached input at half
		// price
		PromptCache cache = new PromptCache(new CachePrices(1, 0.5, 4, 0));
		cache.bill(List.of(A, B, C));

		// A read (50); D and C written at the base price (50)
		assertThat(cache.bill(List.of(A, D, C))).isCloseTo(100, within(1e-9));
	}

	@Test
	void pricesComeFromTheOptionsAndDefaultToAnthropicsPublishedMultipliers() {
		Options openAi = Options.parse(List.of("--cache-write", "1", "--cache-read", "0.5", "--output-price", "4"),
				ReplayOptions.SPEC);
		Options none = Options.parse(List.of(), ReplayOptions.SPEC);

		assertThat(ReplayOptions.prices(openAi)).isEqualTo(new CachePrices(1, 0.5, 4, 1024));
		assertThat(ReplayOptions.prices(none)).isEqualTo(new CachePrices(1.25, 0.1, 5, 1024));
	}

	@Test
	void negativePricesAreRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new CachePrices(1.25, -0.1, 5, 1024))
			.withMessageContaining("must not be negative");
	}

}
