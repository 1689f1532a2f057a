package io.github.lazymcp.autoconfigure;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.policy.PolicySettings.AccessPolicy;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;

/*
 * Validation has two homes. A settings record rejects a value it can never hold with an
 * InvalidSettingException naming the record component; each method here builds its
 * records through record(), which looks that component (and the one a relating rule
 * names) up among the properties it was given and names the property instead. Rules that
 * relate properties mapped onto different records (a search limit and the cap) live here,
 * before the records are built. The properties class only binds.
 */

/**
 * Maps {@link LazyMcpProperties} onto the settings records of the core packages, the only
 * form in which the core sees configuration. Settings that have no property keep the
 * records' shipped defaults.
 */
final class PropertiesMapping {

	private static final String PREFIX = LazyMcpProperties.PREFIX;

	private PropertiesMapping() {
	}

	/**
	 * The catalog settings, with the tool gate of a chat model whose provider limits the
	 * tools of a request.
	 * @param properties the bound properties
	 * @return the settings
	 */
	static CatalogSettings catalog(LazyMcpProperties properties) {
		return catalog(properties, CatalogSettings.DEFAULTS.deferToolsAbove());
	}

	/**
	 * The catalog settings.
	 * @param properties the bound properties
	 * @param defaultToolGate the tool gate when {@code threshold.tools} is unset: the
	 * application's chat models' limit ({@link ChatModelToolLimit})
	 * @return the settings
	 */
	static CatalogSettings catalog(LazyMcpProperties properties, int defaultToolGate) {
		Map<String, ServerSettings> servers = new LinkedHashMap<>();
		properties.getServers()
			.forEach((name, server) -> servers.put(name,
					record(() -> new ServerSettings(server.isLazy(), server.getPinned(), server.getAllow(),
							server.getDeny(), server.getDescriptions(), server.getCallTimeout()),
							property("callTimeout", "servers." + name + ".call-timeout", server.getCallTimeout()))));
		LazyMcpProperties.Threshold threshold = properties.getThreshold();
		Integer configuredTools = threshold.getTools();
		int tools = (configuredTools != null) ? configuredTools : defaultToolGate;
		return record(() -> new CatalogSettings(tools, threshold.getTokens(), servers),
				property("deferToolsAbove", "threshold.tools", tools),
				property("deferTokensAbove", "threshold.tokens", threshold.getTokens()));
	}

	static LearningSettings learning(LazyMcpProperties properties) {
		LazyMcpProperties.Learning learning = properties.getLearning();
		return record(
				() -> new LearningSettings(learning.isEnabled(), learning.getUsesPerTool(),
						LearningSettings.DEFAULTS.maxRequestLength(), learning.getRefreshInterval(),
						learning.getDemoteAfterCalls(), learning.getDemoteBelow(), learning.getRetention()),
				property("usesPerTool", "learning.uses-per-tool", learning.getUsesPerTool()),
				property("refreshInterval", "learning.refresh-interval", learning.getRefreshInterval()),
				property("retention", "learning.retention", learning.getRetention()),
				property("demoteAfterCalls", "learning.demote-after-calls", learning.getDemoteAfterCalls()),
				property("demoteBelow", "learning.demote-below", learning.getDemoteBelow()));
	}

	static Hints hints(LazyMcpProperties properties) {
		Map<String, Map<String, ToolHints>> byServer = new LinkedHashMap<>();
		properties.getServers()
			.forEach((name, server) -> server.getTools()
				.forEach((tool, written) -> byServer.computeIfAbsent(name, (key) -> new LinkedHashMap<>())
					.put(tool, record(
							() -> new ToolHints(written.getExamples(), written.getWhenToUse(), written.getTags(),
									written.getCost()),
							property("cost", "servers." + name + ".tools." + tool + ".cost", written.getCost())))));
		return Hints.of(byServer);
	}

	static SessionSettings sessions(LazyMcpProperties properties) {
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return record(
				() -> new SessionSettings(properties.getMaxActiveSchemas(), sessions.getMaxSessions(),
						sessions.getIdleTimeout(), sessions.getJdbc().getCleanupInterval()),
				property("maxActiveSchemas", "max-active-schemas", properties.getMaxActiveSchemas()),
				property("maxSessions", "sessions.max-sessions", sessions.getMaxSessions()),
				property("idleTimeout", "sessions.idle-timeout", sessions.getIdleTimeout()),
				property("cleanupInterval", "sessions.jdbc.cleanup-interval", sessions.getJdbc().getCleanupInterval()));
	}

	static ToolSettings tools(LazyMcpProperties properties) {
		LazyMcpProperties.Search search = properties.getSearch();
		int cap = sessions(properties).maxActiveSchemas();
		int maxLimit = maxLimit(properties, cap);
		int defaultLimit = defaultLimit(properties, maxLimit);
		boolean maxLimitSet = search.getMaxLimit() != null;
		if (maxLimitSet && maxLimit > cap) {
			throw InvalidLazyMcpPropertyException.conflict(PREFIX + ".search.max-limit", maxLimit,
					"%d is larger than %s.max-active-schemas (%d), so one search could evict its own results"
						.formatted(maxLimit, PREFIX, cap),
					"Lower search.max-limit or raise max-active-schemas.");
		}
		// A maximum left unset is the shipped one, or the cap when that is lower.
		String maxLimitKey = (maxLimitSet || maxLimit < cap) ? "search.max-limit" : "max-active-schemas";
		return record(
				() -> new ToolSettings(defaultLimit, maxLimit, search.getMaxQueryLength(), properties.getDeferredCall(),
						properties.getSurface(), search.isResultSchemas(), search.getShortlist()),
				property("defaultLimit", "search.default-limit", defaultLimit),
				property("maxLimit", maxLimitKey, maxLimit),
				property("maxQueryLength", "search.max-query-length", search.getMaxQueryLength()),
				property("deferredCall", "deferred-call", properties.getDeferredCall()),
				property("surface", "surface", properties.getSurface()),
				property("shortlist", "search.shortlist", search.getShortlist()));
	}

	/** The configured maximum, or the shipped one lowered to the cap. */
	private static int maxLimit(LazyMcpProperties properties, int cap) {
		Integer configured = properties.getSearch().getMaxLimit();
		return (configured != null) ? configured : Math.min(ToolSettings.DEFAULTS.maxLimit(), cap);
	}

	/** The configured default limit, or the shipped one lowered to the maximum. */
	private static int defaultLimit(LazyMcpProperties properties, int maxLimit) {
		Integer configured = properties.getSearch().getDefaultLimit();
		return (configured != null) ? configured : Math.min(ToolSettings.DEFAULTS.defaultLimit(), maxLimit);
	}

	static RankingSettings ranking(LazyMcpProperties properties) {
		LazyMcpProperties.Search search = properties.getSearch();
		return record(
				() -> RankingSettings.DEFAULTS.withStrategy(search.getRanker())
					.withMinSimilarity(search.getMinSimilarity())
					.withClauses(search.isClauses())
					.withSmallServer(search.getSmallServer()),
				property("strategy", "search.ranker", search.getRanker()),
				property("minSimilarity", "search.min-similarity", search.getMinSimilarity()),
				property("smallServer", "search.small-server", search.getSmallServer()));
	}

	static EmbeddingSettings embedding(LazyMcpProperties properties) {
		LazyMcpProperties.Embedding embedding = properties.getSearch().getEmbedding();
		return record(
				() -> new EmbeddingSettings(embedding.getModel(), embedding.isUseApplicationModel(),
						embedding.getCacheDirectory().isBlank() ? null : Path.of(embedding.getCacheDirectory().strip()),
						embedding.getApplicationModelName()),
				property("model", "search.embedding.model", embedding.getModel()), property("applicationModelName",
						"search.embedding.application-model-name", embedding.getApplicationModelName()));
	}

	static AdvisorSettings advisors(LazyMcpProperties properties) {
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return record(
				() -> new AdvisorSettings(
						new LazyMcpRequest.Keys(sessions.getConversationIdKey(), sessions.getParentIdKey(),
								sessions.getInheritKey()),
						properties.getGuidance().isEnabled(), properties.getGuidance().getText(),
						properties.getGuidance().isServerInstructions(),
						properties.getGuidance().getServerInstructionsMaxTokens()),
				property("conversationId", "sessions.conversation-id-key", sessions.getConversationIdKey()),
				property("parentConversationId", "sessions.parent-id-key", sessions.getParentIdKey()),
				property("inheritParent", "sessions.inherit-key", sessions.getInheritKey()),
				property("guidanceText", "guidance.text", properties.getGuidance().getText()),
				property("serverInstructionsMaxTokens", "guidance.server-instructions-max-tokens",
						properties.getGuidance().getServerInstructionsMaxTokens()));
	}

	static CapabilitySettings capabilities(LazyMcpProperties properties) {
		LazyMcpProperties.Capabilities capabilities = properties.getCapabilities();
		LazyMcpProperties.AutoActivation auto = capabilities.getAutoActivation();
		return record(
				() -> new CapabilitySettings(capabilities.getLocations(), capabilities.getMaxActive(),
						capabilities.getMaxConnections(), capabilities.getMaxConnectionsPerIdentity(),
						capabilities.getIdleTimeout(), capabilities.getInitTimeout(), capabilities.getRequestTimeout(),
						auto.isEnabled(),
						new CapabilitySettings.Gate(auto.getThreshold(), auto.getMargin(), auto.getGeneralLead()),
						auto.getGeneralRequests(), properties.getLogging().isUserText(), capabilities.getTaps(),
						capabilities.getProviders(),
						new CapabilitySettings.Installs(capabilities.isInstallDeps(),
								capabilities.getInstallDirectory(), capabilities.getInstallTimeout())),
				property("maxActive", "capabilities.max-active", capabilities.getMaxActive()),
				property("maxConnections", "capabilities.max-connections", capabilities.getMaxConnections()),
				property("maxConnectionsPerIdentity", "capabilities.max-connections-per-identity",
						capabilities.getMaxConnectionsPerIdentity()),
				property("idleTimeout", "capabilities.idle-timeout", capabilities.getIdleTimeout()),
				property("initTimeout", "capabilities.init-timeout", capabilities.getInitTimeout()),
				property("requestTimeout", "capabilities.request-timeout", capabilities.getRequestTimeout()),
				property("threshold", "capabilities.auto-activation.threshold", auto.getThreshold()),
				property("margin", "capabilities.auto-activation.margin", auto.getMargin()),
				property("generalLead", "capabilities.auto-activation.general-lead", auto.getGeneralLead()),
				property("directory", "capabilities.install-directory", capabilities.getInstallDirectory()),
				property("timeout", "capabilities.install-timeout", capabilities.getInstallTimeout()));
	}

	static ProactiveSettings proactive(LazyMcpProperties properties) {
		LazyMcpProperties.Proactive proactive = properties.getProactive();
		int cap = sessions(properties).maxActiveSchemas();
		Integer configured = proactive.getK();
		if (configured != null && proactive.isEnabled() && configured <= ProactiveSettings.MAX_K && configured > cap) {
			throw InvalidLazyMcpPropertyException.conflict(PREFIX + ".proactive.k", configured,
					"%d is larger than %s.max-active-schemas (%d), so one turn could not attach them all"
						.formatted(configured, PREFIX, cap),
					"Lower proactive.k or raise max-active-schemas.");
		}
		int k = (configured != null) ? configured : Math.min(ProactiveSettings.DEFAULTS.k(), cap);
		return record(() -> new ProactiveSettings(proactive.isEnabled(), k, proactive.getWindow()),
				property("k", "proactive.k", k), property("window", "proactive.window", proactive.getWindow()));
	}

	static HealthSettings health(LazyMcpProperties properties) {
		LazyMcpProperties.Health health = properties.getHealth();
		LazyMcpProperties.Reconnect reconnect = health.getReconnect();
		return record(
				() -> new HealthSettings(health.getPingInterval(), health.getPingTimeout(), properties.getCallTimeout(),
						reconnect.getInitialBackoff(), reconnect.getMaxBackoff(), reconnect.getJitter(),
						reconnect.getTimeout()),
				property("pingInterval", "health.ping-interval", health.getPingInterval()),
				property("pingTimeout", "health.ping-timeout", health.getPingTimeout()),
				property("callTimeout", "call-timeout", properties.getCallTimeout()),
				property("initialBackoff", "health.reconnect.initial-backoff", reconnect.getInitialBackoff()),
				property("maxBackoff", "health.reconnect.max-backoff", reconnect.getMaxBackoff()),
				property("jitter", "health.reconnect.jitter", reconnect.getJitter()),
				property("reconnectTimeout", "health.reconnect.timeout", reconnect.getTimeout()));
	}

	private static PolicySettings.AnnotationRules annotations(LazyMcpProperties.Annotations annotations) {
		return new PolicySettings.AnnotationRules(annotations.getReadOnly(), annotations.getDestructive(),
				annotations.getIdempotent(), annotations.getOpenWorld());
	}

	static PolicySettings policies(LazyMcpProperties properties) {
		Map<String, AccessPolicy> policies = new LinkedHashMap<>();
		properties.getPolicies()
			.forEach((name, policy) -> policies.put(name,
					new AccessPolicy(name, policy.getAllow(), policy.getDeny(), annotations(policy.getAnnotations()))));
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		return record(() -> new PolicySettings(policies, sessions.getDefaultPolicy(), sessions.getPolicyKey()),
				property("defaultPolicy", "sessions.default-policy", sessions.getDefaultPolicy()),
				property("parameter", "sessions.policy-key", sessions.getPolicyKey()));
	}

	/**
	 * Builds a settings record; a value it rejects fails startup naming the property
	 * behind the record component at fault. A component no property sets is lazy-mcp's
	 * own fault, and its exception is passed on as it is.
	 */
	private static <T> T record(Supplier<T> record, Property... properties) {
		try {
			return record.get();
		}
		catch (InvalidSettingException ex) {
			Map<String, String> keys = new HashMap<>();
			for (Property property : properties) {
				keys.put(property.component(), PREFIX + "." + property.key());
			}
			String key = keys.get(ex.component());
			if (key == null) {
				throw ex;
			}
			UnaryOperator<String> naming = (component) -> keys.getOrDefault(component, component);
			throw InvalidLazyMcpPropertyException.rejected(key, ex.value(), ex.describe(naming), ex.rule(naming));
		}
	}

	private static Property property(String component, String key, @Nullable Object value) {
		return new Property(component, key, value);
	}

	/**
	 * The property behind a record component.
	 *
	 * @param component the component's name
	 * @param key the property key without the {@code tools.lazy-mcp.} prefix
	 * @param value the value bound to it
	 */
	private record Property(String component, String key, @Nullable Object value) {

	}

}
