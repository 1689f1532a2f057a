package io.github.lazymcp.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.ai.mcp.McpToolsChangedEvent;
import org.springframework.ai.mcp.client.common.autoconfigure.McpAsyncToolsChangeEventEmmiter;
import org.springframework.ai.mcp.client.common.autoconfigure.McpSyncToolsChangeEventEmmiter;
import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationEventPublisherAware;

/*
 * Spring AI publishes an McpToolsChangedEvent from the MCP client's thread whenever a
 * server sends tools/list_changed, also while the context is being refreshed
 * (server-everything sends several as soon as it is initialized). Delivered then, the
 * event makes its listener beans (Spring AI's mcpToolCallbacks, lazy-mcp's listener) and,
 * through them, the MCP clients, on the client's thread, beside the main thread making the
 * same beans. When the refresh fails, those threads go on after the main thread gave the
 * context up: they connect the transports the main thread made a second time and start
 * server processes that nobody stops, so the JVM never exits. So the events of a refresh
 * wait for its end: published in order once every singleton exists (their listeners
 * included, so that publishing makes no bean), dropped with the context if that never
 * happens.
 *
 * This relies on how Spring AI publishes the events: through the customizer beans
 * McpSyncToolsChangeEventEmmiter and McpAsyncToolsChangeEventEmmiter, which are replaced
 * by customizers of lazy-mcp's. ToolsChangedEventsTests fails when they are not there.
 */

/**
 * Holds back the {@code McpToolsChangedEvent}s Spring AI publishes while the context is
 * refreshed, and publishes them once its singletons are made.
 */
final class ToolsChangedEvents
		implements BeanPostProcessor, SmartInitializingSingleton, ApplicationEventPublisherAware {

	private final Object lock = new Object();

	// Null once the singletons are made; guarded by the lock.
	private @Nullable List<McpToolsChangedEvent> waiting = new ArrayList<>();

	private @Nullable ApplicationEventPublisher publisher;

	@Override
	public void setApplicationEventPublisher(ApplicationEventPublisher publisher) {
		this.publisher = publisher;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof McpSyncToolsChangeEventEmmiter) {
			return new SyncEvents();
		}
		if (bean instanceof McpAsyncToolsChangeEventEmmiter) {
			return new AsyncEvents();
		}
		return bean;
	}

	@Override
	public void afterSingletonsInstantiated() {
		synchronized (this.lock) {
			List<McpToolsChangedEvent> held = this.waiting;
			this.waiting = null;
			// Under the lock, so that an event of the same server published meanwhile
			// comes after these.
			if (held != null) {
				held.forEach(this::deliver);
			}
		}
	}

	/**
	 * Whether the events of a refresh are held back, for tests.
	 * @return how many events wait, or -1 once they are published as they come
	 */
	int waiting() {
		synchronized (this.lock) {
			return (this.waiting != null) ? this.waiting.size() : -1;
		}
	}

	private void publish(String connection, List<McpSchema.Tool> tools) {
		McpToolsChangedEvent event = new McpToolsChangedEvent(connection, tools);
		synchronized (this.lock) {
			if (this.waiting != null) {
				this.waiting.add(event);
				return;
			}
		}
		deliver(event);
	}

	private void deliver(McpToolsChangedEvent event) {
		ApplicationEventPublisher events = this.publisher;
		if (events != null) {
			events.publishEvent(event);
		}
	}

	/** What Spring AI's synchronous customizer does, through {@link #publish}. */
	private final class SyncEvents implements McpClientCustomizer<McpClient.SyncSpec> {

		@Override
		public void customize(String connection, McpClient.SyncSpec spec) {
			spec.toolsChangeConsumer((tools) -> publish(connection, tools));
		}

	}

	/** What Spring AI's asynchronous customizer does, through {@link #publish}. */
	private final class AsyncEvents implements McpClientCustomizer<McpClient.AsyncSpec> {

		@Override
		public void customize(String connection, McpClient.AsyncSpec spec) {
			spec.toolsChangeConsumer((tools) -> Mono.fromRunnable(() -> publish(connection, tools)));
		}

	}

}
