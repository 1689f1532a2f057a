package io.github.lazymcp.catalog;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.settings.internal.NamePatterns;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ServerSettingsTests {

	@Test
	void keepsEveryToolWhenNothingIsConfigured() {
		assertThat(ServerSettings.DEFAULT.allows("anything")).isTrue();
		assertThat(ServerSettings.DEFAULT.pins("anything")).isFalse();
	}

	@Test
	void denyWinsOverAllow() {
		ServerSettings policy = new ServerSettings(true, List.of(), List.of("read_*"), List.of("read_secret"), Map.of(),
				null);

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
		ServerSettings policy = new ServerSettings(false, List.of(), List.of(), List.of(), Map.of(), null);

		assertThat(policy.pins("whatever")).isTrue();
	}

	@Test
	void pinsOnlyMatchingToolsOfALazyServer() {
		ServerSettings policy = new ServerSettings(true, List.of("search_*"), List.of(), List.of(), Map.of(), null);

		assertThat(policy.pins("search_nodes")).isTrue();
		assertThat(policy.pins("read_graph")).isFalse();
	}

	@Test
	void replacesOnlyConfiguredDescriptions() {
		ServerSettings policy = new ServerSettings(true, List.of(), List.of(), List.of(), Map.of("a", "new"), null);

		assertThat(policy.description("a", "old")).isEqualTo("new");
		assertThat(policy.description("b", "old")).isEqualTo("old");
	}

}
