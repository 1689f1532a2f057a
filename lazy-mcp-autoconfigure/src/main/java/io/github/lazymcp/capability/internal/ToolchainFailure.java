package io.github.lazymcp.capability.internal;

import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.capability.internal.toolchain.Toolchains.Outcome;
import org.jspecify.annotations.Nullable;

/**
 * Why a capability's packages are not available, in words for the model, the endpoint and
 * the operator.
 */
final class ToolchainFailure {

	private ToolchainFailure() {
	}

	/**
	 * Makes the capability's packages available, installing them if allowed.
	 * @param toolchains the installed packages
	 * @param definition the capability
	 * @return null when every package is available, otherwise why not
	 */
	static @Nullable String of(Toolchains toolchains, CapabilityDefinition definition) {
		if (definition.deps().isEmpty()) {
			return null;
		}
		Outcome outcome = toolchains.ensure(definition.deps());
		if (outcome instanceof Outcome.Missing missing) {
			return ("missing npm packages %s; installing software at run time is off: an operator can set "
					+ "tools.lazy-mcp.capabilities.install-deps=true to install them, or install them beforehand")
				.formatted(missing.specs());
		}
		if (outcome instanceof Outcome.Failed failed) {
			return "installing npm package %s failed, nothing was kept: %s".formatted(failed.pkg(), failed.reason());
		}
		return null;
	}

}
