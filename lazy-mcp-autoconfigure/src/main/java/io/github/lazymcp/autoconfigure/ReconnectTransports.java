package io.github.lazymcp.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.ResolvableType;

/*
 * Spring AI makes the transports of its MCP connections in @Bean methods that return a
 * List<NamedClientMcpTransport>, and offers no public way to make a second transport for
 * a connection, which a reconnect needs (a closed transport cannot be opened again).
 * Calling those methods by hand ties lazy-mcp to their parameter lists, which changed
 * in a patch release (2.0.1 added the HTTP request customizers). Instead, before any bean
 * is made, every bean definition of that type gets a prototype copy: asking the container
 * for the copy calls the same factory method with whatever parameters it declares now,
 * resolved from the application's beans as for the original. The copies are not
 * candidates for autowiring, so Spring AI's client factories never see them.
 *
 * This class is the one place lazy-mcp relies on how Spring AI declares its transports:
 * that they are bean definitions of type List<NamedClientMcpTransport>.
 * SpringAiClientsTests covers the copies; TransportsIntegrationTests reconnects stdio, SSE
 * and Streamable HTTP servers through them.
 */

/**
 * Registers a prototype copy of every {@code List<NamedClientMcpTransport>} bean
 * definition, so that a reconnect can have the transports made again.
 */
final class ReconnectTransports implements BeanFactoryPostProcessor {

	private static final String PREFIX = "lazyMcpReconnect.";

	private static final ResolvableType TRANSPORTS = ResolvableType.forClassWithGenerics(List.class,
			NamedClientMcpTransport.class);

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (!(beanFactory instanceof BeanDefinitionRegistry registry)) {
			return;
		}
		for (String name : beanFactory.getBeanNamesForType(TRANSPORTS, true, false)) {
			if (name.startsWith(PREFIX) || !registry.containsBeanDefinition(name)
					|| !(registry.getBeanDefinition(name) instanceof AbstractBeanDefinition original)) {
				continue;
			}
			AbstractBeanDefinition copy = original.cloneBeanDefinition();
			copy.setScope(BeanDefinition.SCOPE_PROTOTYPE);
			copy.setAutowireCandidate(false);
			copy.setPrimary(false);
			copy.setLazyInit(true);
			registry.registerBeanDefinition(PREFIX + name, copy);
		}
	}

	/**
	 * The copy that makes each connection's transport again, by connection name, read
	 * from the transports the application made at startup.
	 * @param beans the application's beans
	 * @return the bean name of the copy per connection name, in the order of the lists
	 */
	static Map<String, String> byConnection(ListableBeanFactory beans) {
		Map<String, String> copies = new LinkedHashMap<>();
		for (String name : beans.getBeanNamesForType(TRANSPORTS, true, false)) {
			if (name.startsWith(PREFIX) || !beans.containsBean(PREFIX + name)) {
				continue;
			}
			for (Object transport : (List<?>) beans.getBean(name)) {
				if (transport instanceof NamedClientMcpTransport named) {
					copies.putIfAbsent(named.name(), PREFIX + name);
				}
			}
		}
		return copies;
	}

	/**
	 * Makes the transports of a copy again.
	 * @param beans the application's beans
	 * @param copy the copy's bean name
	 * @return new, unopened transports
	 */
	static List<NamedClientMcpTransport> make(ListableBeanFactory beans, String copy) {
		return ((List<?>) beans.getBean(copy)).stream()
			.filter(NamedClientMcpTransport.class::isInstance)
			.map(NamedClientMcpTransport.class::cast)
			.toList();
	}

	/**
	 * The original bean a copy was made from, for messages.
	 * @param copy the copy's bean name
	 * @return the original's bean name
	 */
	static String original(String copy) {
		return copy.substring(PREFIX.length());
	}

}
