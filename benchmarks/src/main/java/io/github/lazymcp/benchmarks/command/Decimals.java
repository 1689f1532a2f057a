package io.github.lazymcp.benchmarks.command;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Figures in JSON with a fixed number of decimals, as the commands have always printed
 * them ({@code 0.9000}, not {@code 0.9}).
 */
final class Decimals {

	private Decimals() {
	}

	/**
	 * A figure rounded to a number of decimals, trailing zeros kept.
	 * @param value the figure
	 * @param decimals how many decimals
	 * @return the decimal, written to JSON as it reads
	 */
	static BigDecimal fixed(double value, int decimals) {
		return new BigDecimal(String.format(Locale.ROOT, "%." + decimals + "f", value));
	}

}
