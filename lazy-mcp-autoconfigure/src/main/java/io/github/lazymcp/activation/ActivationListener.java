package io.github.lazymcp.activation;

/**
 * Told of every change a session's {@link ToolSession#activate activate} made to its
 * active tools, whoever asked for it (ToolSearch, a direct call of a deferred tool, a
 * capability, the endpoint). Called on the caller's thread after the change is stored,
 * and only when something was activated or evicted; must be quick and must not throw.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ActivationListener {

	/** A listener that ignores everything. */
	ActivationListener NONE = (session, result) -> {
	};

	/**
	 * One stored change.
	 * @param session the session id
	 * @param result what was activated and evicted
	 */
	void activated(String session, ActivationResult result);

	/**
	 * This listener, then another.
	 * @param next the other listener
	 * @return both, in order
	 */
	default ActivationListener andThen(ActivationListener next) {
		return (session, result) -> {
			activated(session, result);
			next.activated(session, result);
		};
	}

}
