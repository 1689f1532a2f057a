package io.github.lazymcp.tool;

/**
 * What happens when the model calls a deferred tool that its session has not activated.
 */
public enum DeferredCallPolicy {

	/** Run the tool and activate it, so its schema is sent from the next step on. */
	ACTIVATE,

	/** Run nothing; answer with a hint to load the tool through ToolSearch first. */
	HINT

}
