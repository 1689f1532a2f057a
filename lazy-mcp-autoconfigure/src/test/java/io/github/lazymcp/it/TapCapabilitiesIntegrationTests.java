package io.github.lazymcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The four capabilities from a tap, where {@code reasoning} has two providers, with
 * installs on into a temporary directory: enabling the toolchain capability installs its
 * npm package from the registry.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = { "spring.ai.mcp.client.enabled=false",
		"tools.lazy-mcp.max-active-schemas=24", "tools.lazy-mcp.capabilities.locations=",
		"tools.lazy-mcp.capabilities.taps=classpath:capabilities-it/tap/",
		"tools.lazy-mcp.capabilities.auto-activation.enabled=false", "tools.lazy-mcp.capabilities.install-deps=true" })
class TapCapabilitiesIntegrationTests extends CapabilitySourcesIntegrationTests {

	static final Path INSTALLS = temporaryDirectory();

	@DynamicPropertySource
	static void installDirectory(DynamicPropertyRegistry registry) {
		registry.add("tools.lazy-mcp.capabilities.install-directory", INSTALLS::toString);
	}

	@Override
	void assertReasoningVariants(JsonNode reasoning) {
		assertThat(reasoning.get("variants").toString()).isEqualTo("[\"everything\"]");
	}

	@Test
	void enablingTheToolchainCapabilityInstallsItsPackageAndNamesItsPrefix() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"numbers\"}")
			.thenCall("capability", "{\"action\": \"list\"}")
			.thenAnswer("Installed.");

		chat("toolchain-on", "Check whether 42 is a number with node.");

		Path prefix = INSTALLS.resolve("npm/is-number@7.0.0");
		assertThat(result(1).get("enabled").asString()).isEqualTo("numbers");
		assertThat(result(1).get("tools").isEmpty()).isTrue();
		assertThat(result(1).get("packages").get("is-number@7.0.0").asString()).isEqualTo(prefix.toString());
		assertThat(prefix.resolve("node_modules/is-number/package.json")).content().contains("\"version\": \"7.0.0\"");
		assertThat(result(2).get("capabilities").get(2).get("state").asString()).isEqualTo("enabled");
		assertThat(this.servers.holders()).isEmpty();
	}

	private static Path temporaryDirectory() {
		try {
			return Files.createTempDirectory("lazy-mcp-tap-it-installs");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
