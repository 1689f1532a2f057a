package io.github.lazymcp.capability;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The capabilities section of the {@code mcpactivation} endpoint: every capability with
 * its state (enabled, dormant or failed), servers and their reference counts, last use,
 * failure reason, and the router's last auto-activation decision with its scores.
 */
public final class CapabilityReport {

	private final CapabilityManager manager;

	private final @Nullable CapabilityRouter router;

	public CapabilityReport(CapabilityManager manager, @Nullable CapabilityRouter router) {
		this.manager = manager;
		this.router = router;
	}

	/**
	 * The section, as JSON-friendly maps and lists.
	 * @return the section
	 */
	public Map<String, Object> describe() {
		Map<String, Object> report = new LinkedHashMap<>();
		report.put("maxActive", this.manager.maxActive());
		report.put("capabilities", this.manager.status());
		if (this.router != null) {
			report.put("autoActivation", autoActivation(this.router));
		}
		return report;
	}

	private static Map<String, Object> autoActivation(CapabilityRouter router) {
		Map<String, Object> section = new LinkedHashMap<>();
		section.put("threshold", router.gate().threshold());
		section.put("margin", router.gate().margin());
		router.lastDecision().ifPresent((decision) -> {
			Map<String, Object> last = new LinkedHashMap<>();
			last.put("text", decision.text());
			last.put("chosen", decision.chosen());
			last.put("reason", decision.reason());
			Map<String, Double> scores = new LinkedHashMap<>();
			decision.scores().forEach((score) -> scores.put(score.name(), Math.round(score.score() * 1000) / 1000.0));
			last.put("scores", scores);
			section.put("lastDecision", last);
		});
		return section;
	}

}
