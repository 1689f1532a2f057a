package io.github.lazymcp.benchmarks.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Markdown table, and the number formats the docs' tables use.
 */
final class MarkdownTable {

	private final List<String> columns;

	private final List<List<String>> rows = new ArrayList<>();

	MarkdownTable(List<String> columns) {
		this.columns = List.copyOf(columns);
	}

	/**
	 * Adds a row.
	 * @param cells one per column
	 * @return this table
	 * @throws IllegalArgumentException when the row has not one cell per column
	 */
	MarkdownTable row(List<String> cells) {
		if (cells.size() != this.columns.size()) {
			throw new IllegalArgumentException("%d cells for %d columns".formatted(cells.size(), this.columns.size()));
		}
		this.rows.add(List.copyOf(cells));
		return this;
	}

	/**
	 * The table's lines: the header, the separator, a line per row.
	 * @return the lines, without line ends
	 */
	List<String> lines() {
		List<String> lines = new ArrayList<>();
		lines.add(line(this.columns));
		lines.add("|" + "---|".repeat(this.columns.size()));
		this.rows.forEach((row) -> lines.add(line(row)));
		return lines;
	}

	private static String line(List<String> cells) {
		StringBuilder line = new StringBuilder("|");
		cells.forEach((cell) -> line.append(' ').append(cell.replace("|", "\\|")).append(" |"));
		return line.toString();
	}

	/** A share as the docs print quality figures: {@code 0.405}. */
	static String fraction(double value) {
		return String.format(Locale.ROOT, "%.3f", value);
	}

	/** A share as a percentage with one decimal: {@code 16.2 %}. */
	static String percent(double share) {
		return String.format(Locale.ROOT, "%.1f %%", share * 100);
	}

	/** A small share as a percentage with two decimals: {@code 1.98 %}. */
	static String finePercent(double share) {
		return String.format(Locale.ROOT, "%.2f %%", share * 100);
	}

	/** An average of a few per task, with two decimals: {@code 1.35}. */
	static String average(double value) {
		return String.format(Locale.ROOT, "%.2f", value);
	}

	/** A count or a cost, rounded, with thousands separated: {@code 4,922,649}. */
	static String count(double value) {
		return String.format(Locale.ROOT, "%,d", Math.round(value));
	}

	/**
	 * A latency in milliseconds to about two significant digits: 0.09, 4.4, 17.0, 258.
	 */
	static String millis(double value) {
		String format = (value < 1) ? "%.2f" : (value < 100) ? "%.1f" : "%.0f";
		return String.format(Locale.ROOT, format, value);
	}

	/** A floor or a gated figure: {@code 0.4050}. */
	static String figure(double value) {
		return String.format(Locale.ROOT, "%.4f", value);
	}

	static String bold(String cell) {
		return "**" + cell + "**";
	}

}
