package io.github.lazymcp.catalog;

import io.github.lazymcp.catalog.CatalogSettings.ServerPolicy;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ServerPolicyTests {

	@Test
	void keepsEveryToolWhenNothingIsConfigured() {
		assertThat(ServerPolicy.DEFAULT.allows("anything")).isTrue();
		assertThat(ServerPolicy.DEFAULT.pins("anything")).isFalse();
	}

	@Test
	void denyWinsOverAllow() {
		ServerPolicy policy = new ServerPolicy(true, List.of(), List.of("read_*"), List.of("read_secret"), Map.of());

		assertThat(policy.allows("read_file")).isTrue();
		assertThat(policy.allows("read_secret")).isFalse();
		assertThat(policy.allows("write_file")).isFalse();
	}

	@Test
	void starMatchesAnyRunAndEverythingElseIsLiteral() {
		assertThat(NamePatterns.matches("read_*_file", "read_text_file")).isTrue();
		assertThat(NamePatterns.matches("read_*_file", "read_file")).isFalse();
		assertThat(NamePatterns.matches("a.b", "axb")).isFalse();
		assertThat(NamePatterns.matches("*", "")).isTrue();
	}

	@Test
	void aServerThatIsNotLazyPinsAllItsTools() {
		ServerPolicy policy = new ServerPolicy(false, List.of(), List.of(), List.of(), Map.of());

		assertThat(policy.pins("whatever")).isTrue();
	}

	@Test
	void pinsOnlyMatchingToolsOfALazyServer() {
		ServerPolicy policy = new ServerPolicy(true, List.of("search_*"), List.of(), List.of(), Map.of());

		assertThat(policy.pins("search_nodes")).isTrue();
		assertThat(policy.pins("read_graph")).isFalse();
	}

	@Test
	void replacesOnlyConfiguredDescriptions() {
		ServerPolicy policy = new ServerPolicy(true, List.of(), List.of(), List.of(), Map.of("a", "new"));

		assertThat(policy.description("a", "old")).isEqualTo("new");
		assertThat(policy.description("b", "old")).isEqualTo("old");
	}

}
