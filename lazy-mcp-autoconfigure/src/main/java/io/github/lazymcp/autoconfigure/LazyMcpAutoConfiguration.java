package io.github.lazymcp.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.SecurityContextIdentity;
import io.modelcontextprotocol.client.McpSyncClient;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.mcp.McpToolsChangedEvent;
import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Auto-configuration of lazy-mcp: {@link LazyMcpProperties} mapped onto the core's
 * settings records, the parts an application may replace (each backs off when the
 * application declares its own), and one call of {@link LazyMcp#builder()}, which
 * {@code LazyMcpBuilderConfigurer} prepares. The customizer of the built {@link LazyMcp}
 * adds its tools and advisors to the auto-configured {@link ChatClient.Builder}.
 *
 * @since 0.1.0
 */
// After the MCP client auto-configuration, whose client list lazy-mcp reads, and after
// tool calling, whose ToolCallbackResolver bean is decorated.
@AutoConfiguration(afterName = { "org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration",
		"org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration" })
@ConditionalOnClass({ McpSyncClient.class, ChatClient.class })
@ConditionalOnBooleanProperty(name = LazyMcpProperties.PREFIX + ".enabled", matchIfMissing = true)
@EnableConfigurationProperties(LazyMcpProperties.class)
@Import(LazyMcpBuilderConfiguration.class)
public final class LazyMcpAutoConfiguration {

	/**
	 * Spring AI's switch (2.0.1 on, default false) that lets its tool-calling manager
	 * resolve names a request does not carry through the {@code ToolCallbackResolver}.
	 */
	static final String RESOLUTION_FALLBACK = "spring.ai.tools.resolution.fallback.enabled";

	/** The name of the scheduler bean lazy-mcp's background work runs on. */
	public static final String SCHEDULER = "lazyMcpScheduler";

	/**
	 * The scheduler of lazy-mcp's background work (pings, reconnects, idle sweeps,
	 * session cleanup, index rebuilds): daemon threads named {@code lazy-mcp-N}, shut
	 * down with the context. Declare a {@code ScheduledExecutorService} named
	 * {@value #SCHEDULER} to size or share it.
	 * @return the scheduler
	 */
	@Bean(name = SCHEDULER, destroyMethod = "shutdownNow")
	@ConditionalOnMissingBean(name = SCHEDULER)
	ScheduledExecutorService lazyMcpScheduler() {
		return Background.newScheduler();
	}

	@Bean
	@ConditionalOnMissingBean
	SessionStore lazyMcpSessionStore(LazyMcpBuilderConfigurer configurer, LazyMcpProperties properties,
			ObjectProvider<Clock> clock) {
		if (properties.getSessions().getStore() == LazyMcpProperties.Store.JDBC) {
			// LazyMcpJdbcSessionAutoConfiguration would have declared the store.
			throw InvalidLazyMcpPropertyException.conflict(LazyMcpProperties.PREFIX + ".sessions.store", "jdbc",
					"'jdbc' needs spring-jdbc and Spring Boot's JDBC support on the class path",
					"Add spring-boot-starter-jdbc and your database's driver, or set %s.sessions.store=memory."
						.formatted(LazyMcpProperties.PREFIX));
		}
		return SessionStore.inMemory(configurer.sessions(), clock.getIfAvailable(Clock::systemUTC));
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	LazyMcp lazyMcp(LazyMcpBuilderConfigurer configurer) {
		return configurer.configure(LazyMcp.builder()).build();
	}

	@Bean
	@ConditionalOnMissingBean
	ChatClientBuilderCustomizer lazyMcpChatClientCustomizer(LazyMcp lazyMcp) {
		return lazyMcp.customizer();
	}

	@Bean
	@ConditionalOnMissingBean
	CapabilitySkills lazyMcpCapabilitySkills(LazyMcp lazyMcp) {
		return lazyMcp.skills();
	}

	@Bean
	EagerToolsWarning lazyMcpEagerToolsWarning(LazyMcp lazyMcp, LazyMcpBuilderConfigurer configurer) {
		return new EagerToolsWarning(lazyMcp, configurer.catalog());
	}

	@Bean
	IndexReadiness lazyMcpIndexReadiness(LazyMcp lazyMcp, LazyMcpProperties properties) {
		Duration wait = properties.getSearch().getReadinessWait();
		if (wait.isNegative()) {
			throw InvalidLazyMcpPropertyException.rejected(LazyMcpProperties.PREFIX + ".search.readiness-wait", wait,
					"must be 0 (do not wait) or more");
		}
		return new IndexReadiness(lazyMcp, wait);
	}

	// LazyMcp is looked up when an event comes, and only while the context is active: a
	// context whose refresh failed still delivers the events Spring AI publishes, and
	// making LazyMcp then would make the MCP clients and start their servers again.
	@Bean
	ApplicationListener<McpToolsChangedEvent> lazyMcpToolsChangedListener(ObjectProvider<LazyMcp> lazyMcp,
			ApplicationContext context) {
		return (event) -> {
			if (!(context instanceof ConfigurableApplicationContext configurable) || configurable.isActive()) {
				lazyMcp.getObject().toolsChanged(event.getConnectionName(), event.getTools());
			}
		};
	}

	// LazyMcp is looked up on first use: a post-processor is created before other beans,
	// and resolving LazyMcp here would start the MCP clients that early. The resolver
	// serves names the request does not carry when Spring AI's resolution fallback is on;
	// the tool-calling manager attaches lazy-mcp's tools whatever the fallback says.
	@Bean
	static BeanPostProcessor lazyMcpToolCallingDecorator(ObjectProvider<LazyMcp> lazyMcp, Environment environment) {
		boolean fallback = environment.getProperty(RESOLUTION_FALLBACK, Boolean.class, false);
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof ToolCallbackResolver resolver) {
					return (ToolCallbackResolver) (name) -> lazyMcp.getObject().resolver(resolver).resolve(name);
				}
				if (bean instanceof ToolCallingManager manager) {
					return new LazyToolCallingManager(() -> lazyMcp.getObject().toolCallingManager(manager, fallback),
							manager);
				}
				return bean;
			}

		};
	}

	/**
	 * Owns the transports Spring AI makes for its connections
	 * ({@link TransportLifecycle}): guards them, serializes the sends of stdio transports
	 * (lazy-mcp's pings give every client one more sender), and closes them with their
	 * beans. Holds back the tools-changed events of a refresh until its singletons are
	 * made ({@link ToolsChangedEvents}). Registers the copies of Spring AI's transport
	 * beans that reconnects make new transports with ({@link ReconnectTransports}).
	 */
	/**
	 * With Spring Security, a conversation belongs to the authenticated principal of the
	 * thread that starts its turn; with its OAuth2 client and client registrations too,
	 * per-user servers get that principal's authorized client of the registration named
	 * like the server.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
	static class SpringSecurityIdentity {

		private static final String OAUTH2_CLIENT = "org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager";

		@Bean
		@ConditionalOnMissingBean
		IdentityResolver lazyMcpIdentityResolver(ApplicationContext context) {
			return ClassUtils.isPresent(OAUTH2_CLIENT, context.getClassLoader()) ? OAuth2Credentials.resolver(context)
					: new SecurityContextIdentity();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(NamedClientMcpTransport.class)
	static class SpringAiTransports {

		@Bean
		static ReconnectTransports lazyMcpReconnectTransports() {
			return new ReconnectTransports();
		}

		@Bean
		static TransportLifecycle lazyMcpTransportLifecycle() {
			return new TransportLifecycle();
		}

		@Bean
		static ToolsChangedEvents lazyMcpToolsChangedEvents() {
			return new ToolsChangedEvents();
		}

		@Bean
		static PerUserConnections.Detach lazyMcpPerUserConnections(Environment environment) {
			return new PerUserConnections.Detach(environment);
		}

	}

}
