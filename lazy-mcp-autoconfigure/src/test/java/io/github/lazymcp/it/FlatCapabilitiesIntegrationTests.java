package io.github.lazymcp.it;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The four capabilities as flat files, with installs off (the default): a toolchain
 * capability whose package is missing is refused with a result naming the package and the
 * property that would install it.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "spring.ai.mcp.client.enabled=false", "tools.lazy-mcp.max-active-schemas=24",
				"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/flat/",
				"tools.lazy-mcp.capabilities.auto-activation.enabled=false",
				"tools.lazy-mcp.capabilities.install-directory=${java.io.tmpdir}/lazy-mcp-flat-it-never-installed" })
class FlatCapabilitiesIntegrationTests extends CapabilitySourcesIntegrationTests {

	@Override
	void assertReasoningVariants(JsonNode reasoning) {
		assertThat(reasoning.has("variants")).isFalse();
	}

	@Test
	void withInstallsOffAToolchainCapabilityIsRefusedNamingWhatIsMissingAndTheProperty() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"numbers\"}").thenAnswer("Cannot.");

		chat("toolchain-off", "Check whether 42 is a number with node.");

		assertThat(result(1).get("failed").asString()).isEqualTo("numbers");
		assertThat(result(1).get("error").asString()).contains("missing npm packages is-number@7.0.0",
				"tools.lazy-mcp.capabilities.install-deps=true");
		assertThat(this.manager.isEnabled("numbers", this.sessions.session("toolchain-off").state())).isFalse();
	}

}
