package io.github.lazymcp.tool.internal;

import java.util.Optional;

import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.learning.internal.ToolPrior;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * ToolSearch's optional filters on what was observed of a tool and what it costs. A tool
 * nothing was observed of passes the latency and success filters, and a tool with no
 * configured cost passes the cost filter: unknown is not bad.
 *
 * @param maxLatencyMs the highest p95 call duration allowed, in milliseconds, or null
 * @param minSuccessRate the lowest success rate allowed, between 0 and 1, or null
 * @param maxCost the highest cost per call allowed, or null
 */
record PriorFilters(@Nullable Long maxLatencyMs, @Nullable Double minSuccessRate, @Nullable Double maxCost) {

	static final PriorFilters NONE = new PriorFilters(null, null, null);

	/**
	 * Reads the filters from ToolSearch's arguments.
	 * @param root the arguments
	 * @return the filters, {@link #NONE} when none is given
	 * @throws IllegalArgumentException when one is not a number
	 */
	static PriorFilters parse(JsonNode root) {
		Double latency = number(root.get("maxLatencyMs"), "maxLatencyMs");
		return new PriorFilters((latency != null) ? (long) Math.floor(latency) : null,
				number(root.get("minSuccessRate"), "minSuccessRate"), number(root.get("maxCost"), "maxCost"));
	}

	private static @Nullable Double number(@Nullable JsonNode node, String field) {
		if (node == null || node.isNull()) {
			return null;
		}
		if (node.isNumber()) {
			return node.doubleValue();
		}
		if (node.isString()) {
			try {
				return Double.valueOf(node.stringValue().strip());
			}
			catch (NumberFormatException ex) {
				// reported below
			}
		}
		throw new IllegalArgumentException("'%s' must be a number".formatted(field));
	}

	/**
	 * What is wrong with these filters.
	 * @return a sentence the model can act on, or empty when they are fine
	 */
	Optional<String> problem() {
		if (this.maxLatencyMs != null && this.maxLatencyMs < 0) {
			return Optional.of("'maxLatencyMs' must be 0 or more (milliseconds)");
		}
		if (this.minSuccessRate != null && !(this.minSuccessRate >= 0 && this.minSuccessRate <= 1)) {
			return Optional.of("'minSuccessRate' must be between 0 and 1 (for example 0.9)");
		}
		if (this.maxCost != null && !(this.maxCost >= 0 && this.maxCost < Double.POSITIVE_INFINITY)) {
			return Optional.of("'maxCost' must be 0 or more");
		}
		return Optional.empty();
	}

	/**
	 * Whether no filter is set.
	 * @return true when every tool passes
	 */
	boolean none() {
		return this.maxLatencyMs == null && this.minSuccessRate == null && this.maxCost == null;
	}

	/**
	 * Whether a tool passes.
	 * @param prior what was observed of it, or null when nothing was
	 * @param hints what people wrote about it, with its cost
	 * @return true when it passes every filter set
	 */
	boolean allows(@Nullable ToolPrior prior, ToolHints hints) {
		if (prior != null && this.maxLatencyMs != null && prior.p95LatencyMs() > this.maxLatencyMs) {
			return false;
		}
		if (prior != null && this.minSuccessRate != null && prior.successRate() < this.minSuccessRate) {
			return false;
		}
		return this.maxCost == null || hints.cost() == null || hints.cost() <= this.maxCost;
	}

}
