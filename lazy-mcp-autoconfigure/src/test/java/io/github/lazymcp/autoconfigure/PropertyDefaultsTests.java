package io.github.lazymcp.autoconfigure;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.SystemPropertyUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A default lives in a core settings record; the properties class repeats it as a literal
 * only so that the configuration processor can show it in the IDE. These tests keep the
 * copies equal: what the application gets without configuration, and what the IDE says it
 * gets, are the records' shipped defaults.
 */
class PropertyDefaultsTests {

	@Test
	void unconfiguredPropertiesMapOntoTheShippedDefaults() {
		assertMapsOntoTheShippedDefaults(new LazyMcpProperties());
	}

	@Test
	void theDefaultsTheIdeShowsAreTheShippedDefaults() throws Exception {
		Map<String, String> documented = new HashMap<>();
		try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			JsonNode metadata = JsonMapper.shared().readTree(in);
			for (JsonNode property : metadata.get("properties")) {
				String name = property.get("name").asString();
				JsonNode value = property.get("defaultValue");
				if (name.startsWith(LazyMcpProperties.PREFIX + ".") && value != null && !value.isNull()) {
					documented.put(name, bindable(value));
				}
			}
		}
		assertThat(documented).containsKeys("tools.lazy-mcp.max-active-schemas", "tools.lazy-mcp.search.min-similarity",
				"tools.lazy-mcp.search.ranker", "tools.lazy-mcp.capabilities.auto-activation.threshold",
				"tools.lazy-mcp.sessions.idle-timeout", "tools.lazy-mcp.capabilities.locations",
				"tools.lazy-mcp.search.embedding.cache-directory");
		// Bound on top of values that differ from every default, so that a key whose
		// default the metadata lacks shows up as a difference too.
		LazyMcpProperties bound = new Binder(new MapConfigurationPropertySource(documented))
			.bind(LazyMcpProperties.PREFIX, Bindable.ofInstance(offDefaults()))
			.get();

		assertMapsOntoTheShippedDefaults(bound);
	}

	/**
	 * A documented default as the application would bind it: a list in its
	 * comma-separated form, and {@code ${...}} placeholders (a default that depends on
	 * the JVM, such as {@code java.io.tmpdir}) resolved from system properties, as the
	 * Environment resolves them.
	 */
	private static String bindable(JsonNode value) {
		String text = value.isArray() ? value.valueStream().map(JsonNode::asString).collect(Collectors.joining(","))
				: value.asString();
		return SystemPropertyUtils.resolvePlaceholders(text);
	}

	/**
	 * Every property the metadata gives a default for, set to something else. The search
	 * limits are left unset: they follow max-active-schemas, which the metadata cannot
	 * express, so the first test covers them.
	 */
	private static LazyMcpProperties offDefaults() {
		LazyMcpProperties properties = new LazyMcpProperties();
		properties.setEnabled(false);
		properties.setMaxActiveSchemas(99);
		properties.setDeferredCall(ToolSettings.DeferredCall.HINT);
		properties.setSurface(ToolSettings.Surface.BRIDGE);
		properties.setCallTimeout(java.time.Duration.ofSeconds(9));
		properties.getHealth().setPingInterval(java.time.Duration.ofSeconds(9));
		properties.getHealth().setPingTimeout(java.time.Duration.ofSeconds(9));
		properties.getHealth().getReconnect().setInitialBackoff(java.time.Duration.ofSeconds(9));
		properties.getHealth().getReconnect().setMaxBackoff(java.time.Duration.ofSeconds(99));
		properties.getHealth().getReconnect().setJitter(0.9);
		properties.getHealth().getReconnect().setTimeout(java.time.Duration.ofSeconds(9));
		properties.getLogging().setUserText(true);
		properties.getLearning().setEnabled(false);
		properties.getLearning().setUsesPerTool(9);
		properties.getLearning().setRefreshInterval(java.time.Duration.ofSeconds(9));
		properties.getLearning().setRetention(java.time.Duration.ofDays(9));
		properties.getLearning().setDemoteAfterCalls(9);
		properties.getLearning().setDemoteBelow(0.9);
		// threshold.tools has no literal default: unset, it is the chat models' tool
		// limit
		// (LazyMcpAutoConfigurationTests), which the mapping is given.
		properties.getThreshold().setTokens(99);
		LazyMcpProperties.Search search = properties.getSearch();
		search.setMaxQueryLength(99);
		search.setShortlist(9);
		search.setResultSchemas(true);
		search.setRanker(RankingSettings.Strategy.BM25);
		search.setMinSimilarity(0.9);
		search.setClauses(false);
		search.getEmbedding().setModel(io.github.lazymcp.embedding.EmbeddingSettings.BundledModel.BGE_SMALL_EN_V15_Q);
		search.getEmbedding().setUseApplicationModel(true);
		search.getEmbedding().setCacheDirectory("elsewhere");
		LazyMcpProperties.Sessions sessions = properties.getSessions();
		sessions.setConversationIdKey("x");
		sessions.setParentIdKey("y");
		sessions.setInheritKey("z");
		sessions.setMaxSessions(9);
		sessions.setIdleTimeout(java.time.Duration.ofSeconds(9));
		properties.getGuidance().setEnabled(false);
		properties.getGuidance().setText("x");
		LazyMcpProperties.Capabilities capabilities = properties.getCapabilities();
		capabilities.setLocations(new ArrayList<>(List.of("classpath:elsewhere/*.toml")));
		capabilities.setMaxActive(9);
		capabilities.setInstallDeps(true);
		capabilities.setInstallTimeout(java.time.Duration.ofSeconds(9));
		capabilities.setInitTimeout(java.time.Duration.ofSeconds(9));
		capabilities.setRequestTimeout(java.time.Duration.ofSeconds(9));
		capabilities.getAutoActivation().setEnabled(false);
		capabilities.getAutoActivation().setThreshold(0.9);
		capabilities.getAutoActivation().setMargin(0.9);
		capabilities.getAutoActivation().setGeneralLead(0.9);
		properties.getProactive().setEnabled(false);
		properties.getProactive().setWindow(99);
		return properties;
	}

	private static void assertMapsOntoTheShippedDefaults(LazyMcpProperties properties) {
		assertThat(PropertiesMapping.catalog(properties)).isEqualTo(CatalogSettings.DEFAULTS);
		assertThat(PropertiesMapping.sessions(properties)).isEqualTo(SessionSettings.DEFAULTS);
		assertThat(PropertiesMapping.tools(properties)).isEqualTo(ToolSettings.DEFAULTS);
		assertThat(PropertiesMapping.ranking(properties)).isEqualTo(RankingSettings.DEFAULTS);
		assertThat(PropertiesMapping.embedding(properties)).isEqualTo(EmbeddingSettings.DEFAULTS);
		assertThat(PropertiesMapping.advisors(properties)).isEqualTo(AdvisorSettings.DEFAULTS);
		assertThat(PropertiesMapping.capabilities(properties)).isEqualTo(CapabilitySettings.DEFAULTS);
		assertThat(PropertiesMapping.health(properties)).isEqualTo(io.github.lazymcp.health.HealthSettings.DEFAULTS);
		assertThat(PropertiesMapping.learning(properties))
			.isEqualTo(io.github.lazymcp.learning.LearningSettings.DEFAULTS);
		assertThat(PropertiesMapping.proactive(properties)).isEqualTo(ProactiveSettings.DEFAULTS);
		assertThat(properties.getLogging().isUserText()).isFalse();
	}

}
