package io.github.lazymcp.fuzz;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.autoconfigure.LazyMcpAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Impossible and malformed values for lazy-mcp's properties, from a seeded generator:
 * each either starts the application or fails startup with a message that names the
 * property; no other failure.
 */
class PropertyFuzzTests {

	private static final List<String> KEYS = List.of("max-active-schemas", "deferred-call", "call-timeout",
			"threshold.tools", "threshold.tokens", "search.default-limit", "search.max-limit",
			"search.max-query-length", "search.ranker", "search.min-similarity", "search.clauses",
			"sessions.max-sessions", "sessions.idle-timeout", "sessions.store", "sessions.default-policy",
			"health.ping-interval", "health.ping-timeout", "health.reconnect.initial-backoff",
			"health.reconnect.max-backoff", "health.reconnect.jitter", "health.reconnect.timeout",
			"capabilities.max-active", "capabilities.max-connections", "capabilities.idle-timeout",
			"capabilities.init-timeout", "capabilities.locations", "capabilities.auto-activation.threshold",
			"capabilities.auto-activation.general-lead", "servers.fs.call-timeout", "servers.fs.pinned",
			"policies.tenant.allow");

	private static final List<String> VALUES = List.of("0", "-1", "1", "2147483648", "-9999999999", "NaN", "1.5", "abc",
			"", " ", "true", "PT-1S", "-5s", "0s", "1ms", "99999d", "bm25", "jdbc", "hint", "nope", "/no/such/dir",
			"classpath:nothing/");

	// BM25, so that no context loads the embedding model: what is fuzzed is the binding.
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withPropertyValues("tools.lazy-mcp.search.ranker=bm25",
				"tools.lazy-mcp.capabilities.auto-activation.enabled=false");

	// Boot's own analyzers that need the bean factory are skipped: lazy-mcp's need
	// nothing.
	private final List<FailureAnalyzer> analyzers = SpringFactoriesLoader
		.forDefaultResourceLocation(getClass().getClassLoader())
		.load(FailureAnalyzer.class, SpringFactoriesLoader.FailureHandler.handleMessage((message, failure) -> {
		}));

	@Test
	void everyWrongValueEitherStartsOrFailsNamingItsProperty() {
		BadInputs inputs = new BadInputs(BadInputs.SEED);
		List<String> unclear = new ArrayList<>();
		int failed = 0;
		int tried = 60;
		for (int i = 0; i < tried; i++) {
			String key = "tools.lazy-mcp." + inputs.pick(KEYS);
			String value = (inputs.nextInt(3) == 0) ? inputs.string() : inputs.pick(VALUES);
			Outcome outcome = start(key, value);
			if (outcome == Outcome.FAILED) {
				failed++;
			}
			else if (outcome == Outcome.UNCLEAR) {
				unclear.add(key + "=" + abbreviate(value));
			}
		}
		System.out.printf("FIGURE bad input: %d wrong property values tried, %d failed startup naming the "
				+ "property, %d failed without naming it%n", tried, failed, unclear.size());
		assertThat(unclear).isEmpty();
		assertThat(failed).isGreaterThan(tried / 4);
	}

	private Outcome start(String key, String value) {
		Outcome[] outcome = new Outcome[1];
		this.runner.withPropertyValues(key + "=" + value).run((context) -> {
			if (context.getStartupFailure() == null) {
				// Building lazy-mcp is where the settings are checked.
				context.getBean(LazyMcp.class);
				outcome[0] = Outcome.STARTED;
				return;
			}
			// What the user sees: the failure's messages and lazy-mcp's failure analysis.
			StringBuilder chain = new StringBuilder();
			for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
				chain.append(cause.getMessage()).append('\n');
			}
			for (FailureAnalyzer analyzer : this.analyzers) {
				FailureAnalysis analysis = analyzer.analyze(context.getStartupFailure());
				if (analysis != null) {
					chain.append(analysis.getDescription()).append('\n').append(analysis.getAction()).append('\n');
				}
			}
			String property = key.substring(key.lastIndexOf('.') + 1);
			outcome[0] = chain.toString().contains(property) ? Outcome.FAILED : Outcome.UNCLEAR;
		});
		return outcome[0];
	}

	private static String abbreviate(String text) {
		return (text.length() > 40) ? text.substring(0, 40) + "…" : text;
	}

	private enum Outcome {

		STARTED, FAILED, UNCLEAR

	}

}
