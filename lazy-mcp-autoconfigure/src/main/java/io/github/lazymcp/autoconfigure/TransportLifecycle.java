package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.health.internal.GuardedTransport;
import io.github.lazymcp.health.internal.ProcessExits;
import io.github.lazymcp.health.internal.SerializedTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.beans.factory.BeanCreationNotAllowedException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.DestructionAwareBeanPostProcessor;
import org.springframework.core.Ordered;

/*
 * Spring AI makes the transports of its MCP connections in beans of type
 * List<NamedClientMcpTransport>, its clients in a List<McpSyncClient> bean, and closes the
 * clients through a third bean (CloseableMcpSyncClients) that the container makes only
 * when it gets to it. A context that failed before that (a broken capability file, an
 * impossible property, a server that cannot start while the client list is being made)
 * closed nothing: the stdio servers already started kept running, and with them the
 * non-daemon threads of their transports, so the JVM never exited. So every transport is
 * closed with the bean of its list, however the context ends (the guard makes a second
 * close, by the client, harmless).
 *
 * A refresh that failed also leaves the context's event multicaster in place: an event
 * published afterwards makes the listener beans again, and through them the clients and
 * the transports. ToolsChangedEvents holds Spring AI's events back during a refresh; as a
 * second line, no transport list is made once the container has destroyed its beans.
 *
 * The guard of a stdio transport tells when its server's process ends by itself; it
 * tells ProcessExits under the connection's name, which passes it on to the supervisor
 * once lazy-mcp is built (the transports of the first clients are made before): when the
 * LazyMcp bean has been made, through its window (LazyMcpOperations.processExited). This
 * post-processor runs first, so that it sees Spring AI's own transports whatever an
 * application's post-processors wrap around them afterwards (a wrapped stdio transport
 * could be neither serialized nor watched).
 */

/**
 * Owns the transports of Spring AI's MCP connections: guards and serializes each one as
 * its list bean is made ({@link GuardedTransport}, {@link SerializedTransport}), reports
 * the end of their servers' processes to the {@code LazyMcp} bean once it is made, closes
 * them when that bean is destroyed, and refuses to make them again once the container's
 * beans are destroyed.
 */
final class TransportLifecycle implements DestructionAwareBeanPostProcessor, DisposableBean, Ordered {

	private static final Log logger = LogFactory.getLog(TransportLifecycle.class);

	/** How long closing the transports of one list may take. */
	private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

	private final ProcessExits exits = new ProcessExits();

	private volatile boolean destroyed;

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (this.destroyed && isTransports(bean)) {
			throw new BeanCreationNotAllowedException(beanName,
					"the application context has been closed, so lazy-mcp starts no MCP server any more "
							+ "(a tools/list_changed that arrived after the close asked for it)");
		}
		return bean;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof LazyMcp lazyMcp) {
			// From now on, and the reports that came before, go to its supervisor.
			this.exits.deliverTo(lazyMcp.operations()::processExited);
			return bean;
		}
		if (!isTransports(bean)) {
			return bean;
		}
		return ((List<?>) bean).stream().map((named) -> guarded((NamedClientMcpTransport) named)).toList();
	}

	@Override
	public boolean requiresDestruction(Object bean) {
		return isTransports(bean);
	}

	@Override
	public void postProcessBeforeDestruction(Object bean, String beanName) {
		List<McpClientTransport> transports = ((List<?>) bean).stream()
			.map((named) -> ((NamedClientMcpTransport) named).transport())
			.toList();
		try {
			Flux.fromIterable(transports)
				.flatMap((transport) -> transport.closeGracefully().onErrorResume((ex) -> Mono.empty()))
				.then()
				.block(CLOSE_TIMEOUT);
		}
		catch (RuntimeException ex) {
			logger.warn("Not every MCP transport of '%s' closed within %d s; a server process may outlive the "
				.formatted(beanName, CLOSE_TIMEOUT.toSeconds()) + "application", ex);
		}
	}

	@Override
	public void destroy() {
		this.destroyed = true;
	}

	/**
	 * The transport guarded, and its sends serialized when it needs it (see
	 * {@link SerializedTransport}): lazy-mcp's pings give every client one more sender.
	 */
	private NamedClientMcpTransport guarded(NamedClientMcpTransport named) {
		return new NamedClientMcpTransport(named.name(),
				GuardedTransport.of(SerializedTransport.of(named.transport()), this.exits.of(named.name())));
	}

	private static boolean isTransports(Object bean) {
		return bean instanceof List<?> list && !list.isEmpty()
				&& list.stream().allMatch(NamedClientMcpTransport.class::isInstance);
	}

}
