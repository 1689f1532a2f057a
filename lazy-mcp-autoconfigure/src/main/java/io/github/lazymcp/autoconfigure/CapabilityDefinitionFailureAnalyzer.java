package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.capability.internal.definition.CapabilityDefinitionException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a broken capability file into a startup report that names the file, the line and
 * the key, instead of a stack trace in which that message is buried.
 */
final class CapabilityDefinitionFailureAnalyzer extends AbstractFailureAnalyzer<CapabilityDefinitionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, CapabilityDefinitionException cause) {
		String setting = cause.setting();
		if (setting != null) {
			return new FailureAnalysis("A capability setting is wrong: " + cause.getMessage(),
					"Fix '%s.capabilities.%s'.".formatted(LazyMcpProperties.PREFIX, setting), cause);
		}
		String where = (cause.source() != null) ? "the capability file " + cause.source() : "the capability files";
		return new FailureAnalysis("A capability could not be loaded: " + cause.getMessage(),
				"Fix %s, or leave it out of '%s.capabilities.locations' and '%s.capabilities.taps'.".formatted(where,
						LazyMcpProperties.PREFIX, LazyMcpProperties.PREFIX),
				cause);
	}

}
