package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import org.junit.jupiter.api.Test;

import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class CapabilityAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class));

	@Test
	void aBrokenCapabilityFileFailsStartupNamingTheFileTheLineAndTheKey() {
		this.runner.withPropertyValues("tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/broken/")
			.run((context) -> {
				assertThat(context).hasFailed();
				Throwable failure = context.getStartupFailure();
				FailureAnalysis analysis = new CapabilityDefinitionFailureAnalyzer().analyze(failure);
				assertThat(analysis).isNotNull();
				assertThat(analysis.getDescription()).contains("bad.toml:4:", "allowed_tool");
				assertThat(analysis.getAction()).contains("tools.lazy-mcp.capabilities.locations");
				assertThat(failure).rootCause().isInstanceOf(CapabilityDefinitionException.class);
			});
	}

	@Test
	void withoutCapabilityFilesNothingIsLoadedOrConnected() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(manager(context).definitions()).isEmpty();
		});
	}

	@Test
	void loadsTheCapabilitiesOfTheConfiguredLocationsWithoutConnectingThem() {
		this.runner.withPropertyValues("tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/sharing/")
			.run((context) -> {
				CapabilityManager manager = manager(context);
				assertThat(manager.definitions()).hasSize(5);
				assertThat(context.getBean(LazyMcp.class).operations().capabilities().capabilities())
					.allSatisfy((entry) -> assertThat(entry.state()).isEqualTo("dormant"));
			});
	}

	@Test
	void aProviderPropertyChoosesTheVariantOfATap() {
		this.runner
			.withPropertyValues("tools.lazy-mcp.capabilities.locations=",
					"tools.lazy-mcp.capabilities.taps=classpath:capabilities-it/tap/",
					"tools.lazy-mcp.capabilities.providers.reasoning=everything")
			.run((context) -> {
				CapabilityManager manager = manager(context);
				assertThat(manager.find("reasoning")).hasValueSatisfying((reasoning) -> {
					assertThat(reasoning.provider()).isEqualTo("everything");
					assertThat(reasoning.alternatives()).containsExactly("default");
					assertThat(reasoning.source()).endsWith("reasoning/everything.toml");
				});
				assertThat(context.getBean(CapabilitySkills.class)).isNotNull();
			});
	}

	@Test
	void aProviderThatDoesNotExistFailsStartupNamingTheProperty() {
		this.runner
			.withPropertyValues("tools.lazy-mcp.capabilities.locations=",
					"tools.lazy-mcp.capabilities.taps=classpath:capabilities-it/tap/",
					"tools.lazy-mcp.capabilities.providers.reasoning=postgres")
			.run((context) -> {
				FailureAnalysis analysis = new CapabilityDefinitionFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains(
						"providers.reasoning is 'postgres', but capability 'reasoning' has no such provider",
						"'default' (", "reasoning/default.toml)", "'everything' (");
				assertThat(analysis.getAction()).isEqualTo("Fix 'tools.lazy-mcp.capabilities.providers.reasoning'.");
			});
	}

	@Test
	void aTapThatIsNotADirectoryFailsStartupNamingTheProperty() {
		this.runner
			.withPropertyValues("tools.lazy-mcp.capabilities.locations=",
					"tools.lazy-mcp.capabilities.taps=src/test/resources/application.yml")
			.run((context) -> {
				FailureAnalysis analysis = new CapabilityDefinitionFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription())
					.contains("Capability tap 'src/test/resources/application.yml' (taps[0]) is not a directory");
				assertThat(analysis.getAction()).isEqualTo("Fix 'tools.lazy-mcp.capabilities.taps[0]'.");
			});
	}

	@Test
	void rejectsACapOfZeroNamingTheKey() {
		this.runner.withPropertyValues("tools.lazy-mcp.capabilities.max-active=0")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("tools.lazy-mcp.capabilities.max-active"));
	}

	@Test
	void rejectsAGeneralLeadOutOfRangeNamingTheKey() {
		this.runner.withPropertyValues("tools.lazy-mcp.capabilities.auto-activation.general-lead=3")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("tools.lazy-mcp.capabilities.auto-activation.general-lead"));
	}

	@Test
	void theApplicationsOwnGeneralRequestsKeepTheRouterFromEnablingACapabilityForThem() {
		String message = "list the folder of holiday photos";
		this.runner.withPropertyValues("tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/sharing/")
			.run((context) -> assertThat(LazyMcpFixtures.parts(context.getBean(LazyMcp.class))
				.router()
				.route(message, (name) -> true)
				.chosen()).isEqualTo("files-browse"));
		this.runner
			.withPropertyValues("tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/sharing/",
					"tools.lazy-mcp.capabilities.auto-activation.general-requests[0]=" + message,
					"tools.lazy-mcp.capabilities.auto-activation.general-requests[1]=show the folder of holiday photos",
					"tools.lazy-mcp.capabilities.auto-activation.general-requests[2]=list the album of holiday photos")
			.run((context) -> {
				CapabilityRouter.RoutingDecision decision = LazyMcpFixtures.parts(context.getBean(LazyMcp.class))
					.router()
					.route(message, (name) -> true);
				assertThat(decision.chosen()).isNull();
				assertThat(decision.reason()).contains("general requests score");
			});
	}

	private static CapabilityManager manager(AssertableApplicationContext context) {
		return LazyMcpFixtures.parts(context.getBean(LazyMcp.class)).capabilities();
	}

}
