package io.github.lazymcp.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A value a settings record rejects fails naming the property behind the record
 * component, found by looking the component up, and the property behind the other
 * component a relating rule names.
 */
class PropertiesMappingTests {

	private final LazyMcpProperties properties = new LazyMcpProperties();

	@Test
	void aRelatingRuleNamesBothProperties() {
		this.properties.getHealth().getReconnect().setInitialBackoff(Duration.ofSeconds(5));
		this.properties.getHealth().getReconnect().setMaxBackoff(Duration.ofSeconds(1));
		InvalidLazyMcpPropertyException rejected = catchThrowableOfType(InvalidLazyMcpPropertyException.class,
				() -> PropertiesMapping.health(this.properties));
		assertThat(rejected.getName()).isEqualTo("tools.lazy-mcp.health.reconnect.max-backoff");
		assertThat(rejected.getValue()).isEqualTo(Duration.ofSeconds(1));
		assertThat(rejected).hasMessage("tools.lazy-mcp.health.reconnect.max-backoff must not be shorter than "
				+ "tools.lazy-mcp.health.reconnect.initial-backoff (PT5S) but was PT1S");
		assertThat(rejected.getAction()).isEqualTo("Change tools.lazy-mcp.health.reconnect.max-backoff: it must not "
				+ "be shorter than tools.lazy-mcp.health.reconnect.initial-backoff (PT5S).");
	}

	@Test
	void aValueLeftEmptyFailsNamingItsProperty() {
		this.properties.getSessions().setIdleTimeout(null);
		InvalidLazyMcpPropertyException rejected = catchThrowableOfType(InvalidLazyMcpPropertyException.class,
				() -> PropertiesMapping.sessions(this.properties));
		assertThat(rejected).hasMessage("tools.lazy-mcp.sessions.idle-timeout must be set");
	}

	@Test
	void theApplicationModelsNameIsMappedAndABlankOneLeavesItToTheFingerprint() {
		this.properties.getSearch().getEmbedding().setApplicationModelName("text-embedding-3-small");
		assertThat(PropertiesMapping.embedding(this.properties).applicationModelName())
			.isEqualTo("text-embedding-3-small");

		this.properties.getSearch().getEmbedding().setApplicationModelName(" ");
		assertThat(PropertiesMapping.embedding(this.properties).applicationModelName()).isNull();
	}

	@Test
	void aDefaultLimitAboveTheCapNamesTheCapAsTheBound() {
		this.properties.setMaxActiveSchemas(3);
		this.properties.getSearch().setDefaultLimit(4);
		InvalidLazyMcpPropertyException rejected = catchThrowableOfType(InvalidLazyMcpPropertyException.class,
				() -> PropertiesMapping.tools(this.properties));
		assertThat(rejected).hasMessage("tools.lazy-mcp.search.default-limit must not be greater than "
				+ "tools.lazy-mcp.max-active-schemas (3) but was 4");
	}

}
