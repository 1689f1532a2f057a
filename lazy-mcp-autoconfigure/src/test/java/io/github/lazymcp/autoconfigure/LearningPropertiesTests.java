package io.github.lazymcp.autoconfigure;

import java.util.List;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.learning.internal.Learning;
import org.junit.jupiter.api.Test;

import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hints people write per tool and the learning settings, from properties to the core.
 */
class LearningPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class));

	@Test
	void bindsHintsPerServerAndTool() {
		this.runner
			.withPropertyValues("tools.lazy-mcp.servers.fs.tools.read_file.examples[0]=show me config.yml",
					"tools.lazy-mcp.servers.fs.tools.read_file.examples[1]=what is in notes.txt",
					"tools.lazy-mcp.servers.fs.tools.read_file.when-to-use=To see what a file holds",
					"tools.lazy-mcp.servers.fs.tools.read_file.tags=cat,open",
					"tools.lazy-mcp.servers.fs.tools.read_file.cost=0.5")
			.run((context) -> {
				Hints hints = PropertiesMapping.hints(context.getBean(LazyMcpProperties.class));
				assertThat(hints.of("fs", "read_file"))
					.isEqualTo(new ToolHints(List.of("show me config.yml", "what is in notes.txt"),
							"To see what a file holds", List.of("cat", "open"), 0.5));
				assertThat(hints.of("fs", "write_file")).isEqualTo(ToolHints.NONE);
			});
	}

	@Test
	void failsAtStartupNamingTheKeyForANegativeCost() {
		this.runner.withPropertyValues("tools.lazy-mcp.servers.fs.tools.read_file.cost=-1")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.servers.fs.tools.read_file.cost must be a number of at least 0"));
	}

	@Test
	void failsAtStartupNamingTheKeyForADemotionThresholdAboveOne() {
		this.runner.withPropertyValues("tools.lazy-mcp.learning.demote-below=2")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.learning.demote-below must be between 0 and 1"));
	}

	@Test
	void failsAtStartupNamingTheKeyForNoUsesPerTool() {
		this.runner.withPropertyValues("tools.lazy-mcp.learning.uses-per-tool=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("tools.lazy-mcp.learning.uses-per-tool must be greater than 0"));
	}

	@Test
	void learnsInMemoryByDefaultAndTheKillSwitchTurnsItOff() {
		this.runner.run((context) -> {
			// No store of the application's: lazy-mcp learns in memory.
			assertThat(context).doesNotHaveBean(UseStore.class);
			assertThat(learning(context).settings().enabled()).isTrue();
		});
		this.runner.withPropertyValues("tools.lazy-mcp.learning.enabled=false")
			.run((context) -> assertThat(learning(context).settings().enabled()).isFalse());
	}

	@Test
	void anApplicationStoreOfUsesReplacesTheShippedOne() {
		UseStore mine = UseStore.inMemory(3);
		this.runner.withBean(UseStore.class, () -> mine)
			.run((context) -> assertThat(context.getBean(UseStore.class)).isSameAs(mine));
	}

	private static Learning learning(AssertableApplicationContext context) {
		return LazyMcpFixtures.parts(context.getBean(LazyMcp.class)).learning();
	}

}
