package io.github.lazymcp.search.internal;

/**
 * The mean and standard deviation of a set of scores, to put scores of unrelated scales
 * on one: a score's z-score is how many deviations it lies above the mean.
 */
final class ZScores {

	private final double mean;

	private final double deviation;

	private ZScores(double mean, double deviation) {
		this.mean = mean;
		this.deviation = deviation;
	}

	/**
	 * The population mean and deviation of some scores.
	 * @param scores at least one score
	 * @return the statistics
	 */
	static ZScores of(double[] scores) {
		double sum = 0;
		for (double score : scores) {
			sum += score;
		}
		double mean = sum / scores.length;
		double squares = 0;
		for (double score : scores) {
			squares += (score - mean) * (score - mean);
		}
		return new ZScores(mean, Math.sqrt(squares / scores.length));
	}

	/**
	 * A score's z-score.
	 * @param score one of the scores, or any other
	 * @return {@code (score − mean) / deviation}, 0 when all the scores were equal
	 */
	double z(double score) {
		return (this.deviation > 0) ? (score - this.mean) / this.deviation : 0;
	}

}
