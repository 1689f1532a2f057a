package io.github.lazymcp.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.routing.CapabilityRouter;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSettings.ServerPolicy;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.policy.AccessPolicy;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;

/**
 * Maps {@link LazyMcpProperties} onto the settings records of the core packages, the only
 * form in which the core sees configuration. Settings that have no property keep the
 * records' shipped defaults.
 */
final class PropertiesMapping {

	private PropertiesMapping() {
	}

	static CatalogSettings catalog(LazyMcpProperties properties) {
		Map<String, ServerPolicy> servers = new LinkedHashMap<>();
		properties.getServers()
			.forEach((name, server) -> servers.put(name, new ServerPolicy(server.isLazy(), server.getPinned(),
					server.getAllow(), server.getDeny(), server.getDescriptions())));
		return new CatalogSettings(properties.getThreshold().getTools(), properties.getThreshold().getTokens(),
				servers);
	}

	static LearningSettings learning(LazyMcpProperties properties) {
		LazyMcpProperties.Learning learning = properties.getLearning();
		return new LearningSettings(learning.isEnabled(), learning.getUsesPerTool(),
				LearningSettings.DEFAULTS.maxRequestLength(), learning.getRefreshInterval(),
				learning.getDemoteAfterCalls(), learning.getDemoteBelow());
	}

	static Hints hints(LazyMcpProperties properties) {
		Map<String, Map<String, ToolHints>> byServer = new LinkedHashMap<>();
		properties.getServers()
			.forEach((name, server) -> server.getTools()
				.forEach((tool, written) -> byServer.computeIfAbsent(name, (key) -> new LinkedHashMap<>())
					.put(tool, new ToolHints(written.getExamples(), written.getWhenToUse(), written.getTags(),
							written.getCost()))));
		return Hints.of(byServer);
	}

	static SessionSettings sessions(LazyMcpProperties properties) {
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return new SessionSettings(properties.getMaxActiveSchemas(), sessions.getMaxSessions(),
				sessions.getIdleTimeout());
	}

	static ToolSettings tools(LazyMcpProperties properties) {
		LazyMcpProperties.Search search = properties.getSearch();
		return new ToolSettings(defaultLimit(properties), maxLimit(properties), search.getMaxQueryLength(),
				properties.getDeferredCall(), properties.getSurface(), search.isResultSchemas());
	}

	/** The configured maximum, or the shipped one lowered to the cap. */
	static int maxLimit(LazyMcpProperties properties) {
		Integer configured = properties.getSearch().getMaxLimit();
		return (configured != null) ? configured
				: Math.min(ToolSettings.DEFAULTS.maxLimit(), properties.getMaxActiveSchemas());
	}

	/** The configured default limit, or the shipped one lowered to the maximum. */
	static int defaultLimit(LazyMcpProperties properties) {
		Integer configured = properties.getSearch().getDefaultLimit();
		return (configured != null) ? configured : Math.min(ToolSettings.DEFAULTS.defaultLimit(), maxLimit(properties));
	}

	static RankingSettings ranking(LazyMcpProperties properties) {
		LazyMcpProperties.Search search = properties.getSearch();
		return RankingSettings.DEFAULTS.withStrategy(search.getRanker()).withMinSimilarity(search.getMinSimilarity());
	}

	static EmbeddingSettings embedding(LazyMcpProperties properties) {
		LazyMcpProperties.Embedding embedding = properties.getSearch().getEmbedding();
		return new EmbeddingSettings(embedding.getModel(), embedding.isUseApplicationModel(),
				embedding.getCacheDirectory());
	}

	static AdvisorSettings advisors(LazyMcpProperties properties) {
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return new AdvisorSettings(
				new LazyMcpRequest.Keys(sessions.getConversationIdKey(), sessions.getParentIdKey(),
						sessions.getInheritKey()),
				properties.getGuidance().isEnabled(), properties.getGuidance().getText());
	}

	static CapabilitySettings capabilities(LazyMcpProperties properties) {
		LazyMcpProperties.Capabilities capabilities = properties.getCapabilities();
		LazyMcpProperties.AutoActivation auto = capabilities.getAutoActivation();
		return new CapabilitySettings(capabilities.getLocations(), capabilities.getMaxActive(),
				capabilities.getMaxConnections(), capabilities.getIdleTimeout(), capabilities.getInitTimeout(),
				capabilities.getRequestTimeout(), auto.isEnabled(),
				new CapabilityRouter.Gate(auto.getThreshold(), auto.getMargin(), auto.getGeneralLead()),
				capabilities.getTaps(), capabilities.getProviders(),
				new CapabilitySettings.Installs(capabilities.isInstallDeps(), capabilities.getInstallDirectory(),
						capabilities.getInstallTimeout()));
	}

	static ProactiveSettings proactive(LazyMcpProperties properties) {
		LazyMcpProperties.Proactive proactive = properties.getProactive();
		Integer k = proactive.getK();
		return new ProactiveSettings(proactive.isEnabled(),
				(k != null) ? k : Math.min(ProactiveSettings.DEFAULTS.k(), properties.getMaxActiveSchemas()),
				proactive.getWindow());
	}

	static HealthSettings health(LazyMcpProperties properties) {
		LazyMcpProperties.Health health = properties.getHealth();
		LazyMcpProperties.Reconnect reconnect = health.getReconnect();
		if (reconnect.getMaxBackoff().compareTo(reconnect.getInitialBackoff()) < 0) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".health.reconnect.max-backoff",
					"%s is shorter than %s.health.reconnect.initial-backoff (%s)".formatted(reconnect.getMaxBackoff(),
							LazyMcpProperties.PREFIX, reconnect.getInitialBackoff()),
					"Raise health.reconnect.max-backoff or lower health.reconnect.initial-backoff.");
		}
		return new HealthSettings(health.getPingInterval(), health.getPingTimeout(), properties.getCallTimeout(),
				reconnect.getInitialBackoff(), reconnect.getMaxBackoff(), reconnect.getJitter());
	}

	static PolicySettings policies(LazyMcpProperties properties) {
		Map<String, AccessPolicy> policies = new LinkedHashMap<>();
		properties.getPolicies()
			.forEach((name, policy) -> policies.put(name, new AccessPolicy(name, policy.getAllow(), policy.getDeny())));
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		String defaultPolicy = sessions.getDefaultPolicy();
		if (defaultPolicy != null && !policies.containsKey(defaultPolicy)) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".sessions.default-policy",
					"'%s' is not one of the policies configured under %s.policies (%s)".formatted(defaultPolicy,
							LazyMcpProperties.PREFIX, String.join(", ", policies.keySet())),
					"Name a configured policy, or configure %s.policies.%s.".formatted(LazyMcpProperties.PREFIX,
							defaultPolicy));
		}
		return new PolicySettings(policies, defaultPolicy, sessions.getPolicyKey());
	}

}
