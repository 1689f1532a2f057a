package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.github.lazymcp.learning.internal.Priors;
import io.github.lazymcp.learning.internal.ToolPrior;
import io.github.lazymcp.search.ToolIndex.ToolMatch;

/*
 * Applied after the index ranks, never inside it: the index's order stands except that
 * (1) tools Priors demotes (enough calls seen, too few succeeded) go after all the others,
 * and (2) matches with exactly the same score are ordered by success rate (higher first),
 * then by p95 latency (lower first); the index's order between different scores is kept
 * as it is. A tool nothing was observed of counts as succeeding
 * every time in no time, so it never loses a tie or a place to what was observed of
 * others: tools nobody called are unaffected. The sort is stable, so the index's order
 * breaks the remaining ties. To have `limit` tools that are not demoted when some are,
 * ToolSearchService asks the index for `limit + demotedCount` candidates.
 */

/**
 * Orders ranked matches by the priors observed of their tools.
 */
final class PriorOrder {

	private PriorOrder() {
	}

	/**
	 * How many candidates to ask the index for.
	 * @param limit how many tools the search returns
	 * @param priors the priors
	 * @return the limit plus room for the demoted tools
	 */
	static int candidates(int limit, Priors priors) {
		return limit + Math.min(priors.demotedCount(), 4 * limit);
	}

	/**
	 * The matches in prior order, cut to the limit.
	 * @param matches the index's matches, best first
	 * @param priors the priors
	 * @param limit how many to keep
	 * @return the ordered matches
	 */
	static List<ToolMatch> order(List<ToolMatch> matches, Priors priors, int limit) {
		List<Ranked> ranked = new ArrayList<>();
		int tie = 0;
		for (int i = 0; i < matches.size(); i++) {
			ToolMatch match = matches.get(i);
			if (i > 0 && Double.compare(match.score(), matches.get(i - 1).score()) != 0) {
				tie++;
			}
			ToolPrior prior = priors.of(match.name());
			ranked.add(new Ranked(match, priors.demoted(match.name()), tie, (prior != null) ? prior.successRate() : 1,
					(prior != null) ? prior.p95LatencyMs() : 0));
		}
		ranked.sort(Comparator.comparing(Ranked::demoted)
			.thenComparingInt(Ranked::tie)
			.thenComparing(Comparator.comparingDouble(Ranked::successRate).reversed())
			.thenComparingLong(Ranked::p95));
		return ranked.stream().limit(limit).map(Ranked::match).toList();
	}

	/** A match with its place in a run of equal scores and its priors. */
	private record Ranked(ToolMatch match, boolean demoted, int tie, double successRate, long p95) {

	}

}
