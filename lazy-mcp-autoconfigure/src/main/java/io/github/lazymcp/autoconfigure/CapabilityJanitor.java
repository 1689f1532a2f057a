package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.capability.CapabilityManager;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;

/**
 * Releases, every quarter of the session idle timeout, the capability servers this
 * instance holds for conversations that ended or disabled the capability on another
 * instance.
 */
final class CapabilityJanitor implements DisposableBean {

	private static final Log logger = LogFactory.getLog(CapabilityJanitor.class);

	private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "lazy-mcp-capabilities");
		thread.setDaemon(true);
		return thread;
	});

	CapabilityJanitor(CapabilityManager manager, SessionStore sessions, Duration sessionIdleTimeout) {
		long period = Math.max(1000, sessionIdleTimeout.toMillis() / 4);
		this.executor.scheduleWithFixedDelay(() -> {
			try {
				manager.releaseAbandoned(sessions);
			}
			catch (RuntimeException ex) {
				logger.debug("Abandoned capability servers not released this time", ex);
			}
		}, period, period, TimeUnit.MILLISECONDS);
	}

	@Override
	public void destroy() {
		this.executor.shutdownNow();
	}

}
