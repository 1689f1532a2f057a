package io.github.lazymcp.benchmarks.replay;

import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.catalog.CatalogSettings;

/**
 * The deferral gate lazy-mcp's side of a replay runs with ({@code replay}'s and
 * {@code compare}'s {@code --deferral-gate}). Every published figure defers every tool
 * ({@code off}), so that lazy-mcp's search is what is measured; the other two are the
 * shipped gate as an application with that provider's chat model gets it, under which a
 * small catalog is sent as usual, as eager sends it.
 */
public enum DeferralGate {

	/** No gate: every tool deferred, whatever the catalog's size. */
	OFF("off", LazyStack.Setup.EVERY_TOOL_DEFERRED),

	/**
	 * The shipped gate of an application with an OpenAI chat model: the token gate and
	 * OpenAI's tool limit.
	 */
	OPENAI("openai", CatalogSettings.DEFAULTS),

	/**
	 * The shipped gate of an application whose chat models are Anthropic's: the token
	 * gate only.
	 */
	ANTHROPIC("anthropic", CatalogSettings.DEFAULTS.withThreshold(CatalogSettings.NO_TOOL_GATE,
			CatalogSettings.DEFAULTS.deferTokensAbove()));

	private final String id;

	private final CatalogSettings settings;

	DeferralGate(String id, CatalogSettings settings) {
		this.id = id;
		this.settings = settings;
	}

	/**
	 * The gate {@code --deferral-gate} names.
	 * @param value {@code off}, {@code openai} or {@code anthropic}
	 * @return the gate
	 * @throws IllegalArgumentException for any other value
	 */
	public static DeferralGate of(String value) {
		for (DeferralGate gate : values()) {
			if (gate.id.equals(value)) {
				return gate;
			}
		}
		throw new IllegalArgumentException(
				"--deferral-gate must be 'off', 'openai' or 'anthropic', was '%s'".formatted(value));
	}

	/**
	 * The catalog settings lazy-mcp's stack is built with.
	 * @return the settings
	 */
	public CatalogSettings settings() {
		return this.settings;
	}

	/**
	 * The name {@code --deferral-gate} takes.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

}
