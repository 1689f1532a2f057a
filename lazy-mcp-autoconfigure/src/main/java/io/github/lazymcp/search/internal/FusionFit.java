package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;

/*
 * Why fit, and on what.
 * The best BM25 weight differs by catalog and in opposite directions (MetaTool wants little,
 * Seal-Tools much; docs/benchmarks.md has the figures), so the shipped weights are a
 * compromise. A catalog can only be fitted on requests whose answer is known. Pseudo-requests
 * made from the tools' own descriptions were tried and do not generalise: they share the
 * descriptions' words, so they always favour BM25, and the weights fitted on them were worse
 * than the shipped ones on three of the four dev splits. Learned uses are real requests of
 * this application that ended in a successful call of a known tool, and neither ranking
 * indexes them (BM25 and the embeddings index the tools' own text; uses only vote), so
 * ranking a use is a fair test of a weighting.
 *
 * When: at every index build, and when learned uses change, once a tenth of the requests
 * to fit on are new (REFIT_SHARE).
 * How: once at least MIN_REQUESTS distinct requests were learned, at most MAX_REQUESTS of
 * them (chosen by a hash of their text, so the choice is deterministic) are each ranked once
 * by BM25 and once by the embeddings, without votes; every candidate weighting then only
 * re-fuses those two lists, with no model call. A candidate's score is the mean over the
 * requests of top-1 plus recall at 5 against the tools the request called. The best candidate
 * replaces the configured weights only when it scores MIN_GAIN above them; otherwise, and on
 * a tie, the configured weights stay. The fitting runs where the index is built, in the
 * background, never on a search.
 */

/**
 * Fits the fusion weights of a hybrid index to its catalog from the requests it learned
 * from use. Stateless. Public for the reports only.
 */
public final class FusionFit {

	/** Fewer distinct learned requests than this keep the configured weights. */
	static final int MIN_REQUESTS = 30;

	/** The most learned requests ranked for one fitting. */
	static final int MAX_REQUESTS = 300;

	/**
	 * The share of the ranked requests that must be new for a catalog to be fitted again.
	 */
	static final double REFIT_SHARE = 0.1;

	/** How much better (in top-1 plus recall at 5, each from 0 to 1) a fit must score. */
	static final double MIN_GAIN = 0.02;

	/**
	 * The order learned requests are sampled in: by a hash that spreads similar texts
	 * apart, so the sample is not biased to a prefix.
	 */
	static final Comparator<String> SAMPLE_ORDER = Comparator.comparingInt(FusionFit::hash)
		.thenComparing(Comparator.naturalOrder());

	/** The BM25 weights tried, with the dense weight as configured. */
	private static final double[] SPARSE_WEIGHTS = { 0, 0.2, 0.4, 0.8, 1.2, 2, 3 };

	/** The weights per unit of BM25's relative lead tried. */
	private static final double[] GAP_WEIGHTS = { 0, 1, 2, 4 };

	private FusionFit() {
	}

	/**
	 * The candidate weightings: the configured one first, then the grid.
	 * @param configured the configured weights
	 * @return the candidates
	 */
	static List<Weights> candidates(Weights configured) {
		Set<Weights> candidates = new LinkedHashSet<>();
		candidates.add(configured);
		for (double sparse : SPARSE_WEIGHTS) {
			for (double gap : GAP_WEIGHTS) {
				candidates.add(new Weights(sparse, gap));
			}
		}
		return List.copyOf(candidates);
	}

	/**
	 * The learned requests of a catalog, each with the tools it called, at most
	 * {@link #MAX_REQUESTS} of them chosen by a hash of their text. The sample is kept
	 * while the uses are read, never a list of every distinct text: a catalog of 10,000
	 * tools holds up to 320,000, and it is read at every rebuild.
	 * @param documents the catalog with its learned uses
	 * @return the requests and their tools, in a deterministic order
	 */
	static Map<String, Set<String>> requests(List<SearchDocument> documents) {
		TreeSet<String> chosen = new TreeSet<>(SAMPLE_ORDER);
		for (SearchDocument document : documents) {
			for (String use : document.uses()) {
				boolean early = chosen.size() < MAX_REQUESTS || SAMPLE_ORDER.compare(use, chosen.last()) < 0;
				if (early && !use.isBlank() && chosen.add(use) && chosen.size() > MAX_REQUESTS) {
					chosen.pollLast();
				}
			}
		}
		Map<String, Set<String>> sample = new LinkedHashMap<>();
		chosen.forEach((text) -> sample.put(text, new LinkedHashSet<>()));
		for (SearchDocument document : documents) {
			for (String use : document.uses()) {
				Set<String> tools = sample.get(use);
				if (tools != null) {
					tools.add(document.name());
				}
			}
		}
		return sample;
	}

	/**
	 * Whether the requests to fit on changed enough since the last fit to fit again: a
	 * tenth of them are new, or they now reach {@link #MIN_REQUESTS} or no longer do.
	 * Learning records uses all the time; fitting on 300 requests of a catalog of 100,000
	 * tools takes seconds, so it is not repeated for every one.
	 * @param fitted the requests of the last fit
	 * @param current the requests {@link #requests} now chooses
	 * @return true when a new fit is due
	 */
	static boolean changed(Set<String> fitted, Set<String> current) {
		if ((fitted.size() >= MIN_REQUESTS) != (current.size() >= MIN_REQUESTS)) {
			return true;
		}
		long added = current.stream().filter((request) -> !fitted.contains(request)).count();
		return added > 0 && added >= REFIT_SHARE * current.size();
	}

	/** A hash that spreads similar texts apart. */
	private static int hash(String text) {
		int h = text.hashCode() * 0x9E3779B9;
		return h ^ (h >>> 16);
	}

	/**
	 * Chooses the weights.
	 * @param configured the configured weights, kept unless another candidate is clearly
	 * better
	 * @param requests learned requests and the tools they called
	 * @param minGain how much better than the configured weights the best candidate must
	 * score to be chosen
	 * @param ranked a request's fused ranking under a weighting, best first, at least 5
	 * deep when there are so many matches
	 * @return the choice and its evidence
	 */
	static Result choose(Weights configured, Map<String, Set<String>> requests, double minGain,
			Function<String, Function<Weights, List<String>>> ranked) {
		if (requests.size() < MIN_REQUESTS) {
			return new Result(configured, configured, requests.size(), Double.NaN, Double.NaN,
					"%d learned requests, fewer than the %d a fit needs".formatted(requests.size(), MIN_REQUESTS));
		}
		List<Weights> candidates = candidates(configured);
		double[] scores = new double[candidates.size()];
		for (Map.Entry<String, Set<String>> request : requests.entrySet()) {
			Function<Weights, List<String>> fusion = ranked.apply(request.getKey());
			Set<String> gold = request.getValue();
			for (int i = 0; i < candidates.size(); i++) {
				scores[i] += score(fusion.apply(candidates.get(i)), gold);
			}
		}
		int best = 0;
		for (int i = 1; i < scores.length; i++) {
			if (scores[i] > scores[best]) {
				best = i;
			}
		}
		double configuredScore = scores[0] / requests.size();
		double bestScore = scores[best] / requests.size();
		if (best == 0 || bestScore - configuredScore < minGain) {
			return new Result(configured, configured, requests.size(), configuredScore, configuredScore,
					String.format(Locale.ROOT, "no weighting scores %.2f above the configured one on %d requests",
							minGain, requests.size()));
		}
		return new Result(candidates.get(best), configured, requests.size(), configuredScore, bestScore,
				String.format(Locale.ROOT, "top-1 + recall@5 on %d requests: %.3f, configured %.3f", requests.size(),
						bestScore, configuredScore));
	}

	private static double score(List<String> ranking, Set<String> gold) {
		double top1 = (!ranking.isEmpty() && gold.contains(ranking.get(0))) ? 1 : 0;
		long found = ranking.stream().limit(5).filter(gold::contains).count();
		return top1 + (double) found / gold.size();
	}

	/**
	 * The fusion's BM25 weights; the dense weight stays as configured.
	 *
	 * @param sparse the weight of BM25's z-scores
	 * @param gap the extra BM25 weight per unit of its relative lead
	 */
	public record Weights(double sparse, double gap) {

		static Weights of(RankingSettings settings) {
			return new Weights(settings.sparseWeight(), settings.sparseGapWeight());
		}

	}

	/**
	 * What a fitting chose and why.
	 *
	 * @param chosen the weights the index ranks with
	 * @param configured the weights the settings gave
	 * @param requests how many learned requests were ranked
	 * @param configuredScore the configured weights' mean top-1 plus recall at 5 on them,
	 * NaN when there were too few to fit
	 * @param chosenScore the chosen weights' score, NaN likewise
	 * @param reason one sentence for the report
	 */
	public record Result(Weights chosen, Weights configured, int requests, double configuredScore, double chosenScore,
			String reason) {

		/**
		 * Whether the fit replaced the configured weights.
		 * @return true when the chosen weights differ from the configured ones
		 */
		public boolean changed() {
			return !this.chosen.equals(this.configured);
		}

	}

}
