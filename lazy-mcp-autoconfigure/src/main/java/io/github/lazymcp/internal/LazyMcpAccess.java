package io.github.lazymcp.internal;

import java.util.function.Function;

import io.github.lazymcp.LazyMcp;
import org.jspecify.annotations.Nullable;

/*
 * The bridge from the API to its parts, so that LazyMcp has no public method naming an
 * internal type: LazyMcp's class initialisation grants the one way to read its assembly,
 * and only code that already imports an internal package (the actuator parts, the
 * benchmarks, the tests) reads it through here. A second grant is refused, so no one
 * replaces the bridge once LazyMcp is loaded.
 */

/**
 * Reads the parts a {@link LazyMcp} was assembled from: what the actuator endpoints, the
 * health indicator and the meters read. Internal: not API.
 */
public final class LazyMcpAccess {

	private static volatile @Nullable Function<LazyMcp, Assembly> bridge;

	private LazyMcpAccess() {
	}

	/**
	 * Called once, by {@code LazyMcp}'s class initialisation.
	 * @param access reads an instance's assembly
	 * @throws IllegalStateException when the bridge was granted already
	 */
	public static synchronized void grant(Function<LazyMcp, Assembly> access) {
		if (bridge != null) {
			throw new IllegalStateException("LazyMcpAccess was granted already");
		}
		bridge = access;
	}

	/**
	 * The parts an instance was assembled from.
	 * @param lazyMcp the instance
	 * @return its assembly
	 */
	public static Assembly assembly(LazyMcp lazyMcp) {
		Function<LazyMcp, Assembly> access = bridge;
		if (access == null) {
			throw new IllegalStateException("LazyMcp has not granted access to its assembly");
		}
		return access.apply(lazyMcp);
	}

}
