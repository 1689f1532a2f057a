package io.github.lazymcp.benchmarks.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.routing.RouteScore;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code route}: how well capability auto-activation routes user messages. Loads the
 * capability files of a directory, routes every intent of a fixture with all capabilities
 * inactive ({@link RouteScore}), and prints top-1 accuracy on the positives and the
 * abstain rate on the negatives. A model that does not load stops the command
 * ({@link ModelNotLoadedException}).
 *
 * <pre>
 * route --capabilities DIR --intents FILE [--threshold X] [--margin X] [--model ID] [--verbose] [--json]
 * </pre>
 */
public final class RouteCommand implements Command {

	private static final OptionSpec OPTIONS = OptionSpec.of(
			Set.of("capabilities", "intents", "threshold", "margin", "general-lead", "general-requests", "model"),
			Set.of("json", "verbose"));

	@Override
	public String name() {
		return "route";
	}

	@Override
	public String usage() {
		return "route  --capabilities DIR --intents FILE [--threshold X] [--margin X] "
				+ "[--general-lead X] [--general-requests FILE] [--model ID] [--verbose] [--json]";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		BundledModel bundled = ProductRankers.model(args.get("model", EmbeddingSettings.DEFAULTS.model().id()));
		CapabilitySettings.Gate defaults = CapabilitySettings.DEFAULTS.gate();
		CapabilitySettings.Gate gate = new CapabilitySettings.Gate(args.decimal("threshold", defaults.threshold()),
				args.decimal("margin", defaults.margin()), args.decimal("general-lead", defaults.generalLead()));
		String general = args.has("general-requests") ? Files.readString(Path.of(args.require("general-requests")))
				: null;
		EmbeddingSettings settings = EmbeddingSettings.DEFAULTS.withModel(bundled).withCacheDirectory(null);
		Embedder embedder = EmbeddingFixtures.of(settings, RouteCommand.class.getClassLoader());
		RouteScore score = RouteScore.of(Path.of(args.require("capabilities")), Path.of(args.require("intents")),
				embedder, gate, general);
		if (!args.flag("json") && args.flag("verbose")) {
			score.misses().forEach(out::text);
		}
		ObjectNode json = JsonNodeFactory.instance.objectNode();
		json.put("positives", score.positives());
		json.put("top1", Decimals.fixed(score.top1(), 4));
		json.put("negatives", score.negatives());
		json.put("abstain", Decimals.fixed(score.abstain(), 4));
		json.put("threshold", Decimals.fixed(gate.threshold(), 3));
		json.put("margin", Decimals.fixed(gate.margin(), 3));
		json.put("generalLead", Decimals.fixed(gate.generalLead(), 3));
		json.put("generalRequests", score.generalRequests());
		json.put("model", bundled.id());
		out.result(json,
				String.format(Locale.ROOT,
						"model %s, threshold %.3f, margin %.3f, general lead %.3f (%d general requests)%n"
								+ "positives %d  top1 %.1f%%%nnegatives %d  abstain %.1f%%",
						bundled.id(), gate.threshold(), gate.margin(), gate.generalLead(), score.generalRequests(),
						score.positives(), score.top1() * 100, score.negatives(), score.abstain() * 100));
		return 0;
	}

}
