package io.github.lazymcp.tool.internal;

import java.util.concurrent.atomic.AtomicBoolean;

import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.logging.internal.Failures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs a session store that cannot be reached once per failure streak, not on every model
 * step, and says when it is back. The session's id is a conversation id, and the store's
 * exception names it: both go to DEBUG only.
 */
final class StoreFailures {

	private static final Log logger = LogFactory.getLog(StoreFailures.class);

	private final AtomicBoolean failing = new AtomicBoolean();

	void failed(ToolSession session, SessionStoreException ex) {
		if (this.failing.compareAndSet(false, true)) {
			Failures.warn(logger,
					"The session store cannot be reached; model requests carry no activated tools "
							+ "and ToolSearch activates nothing until it is back",
					"session '%s'".formatted(session.id()), ex);
		}
	}

	void recovered() {
		if (this.failing.compareAndSet(true, false)) {
			logger.info("The session store can be reached again");
		}
	}

}
