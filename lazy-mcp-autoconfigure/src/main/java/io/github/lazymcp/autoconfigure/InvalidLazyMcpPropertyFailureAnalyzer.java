package io.github.lazymcp.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link InvalidLazyMcpPropertyException} into a startup report that names the
 * key and the fix, instead of a stack trace.
 */
final class InvalidLazyMcpPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLazyMcpPropertyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLazyMcpPropertyException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
