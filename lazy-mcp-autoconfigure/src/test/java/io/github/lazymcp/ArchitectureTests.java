package io.github.lazymcp;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * One concept, one package, over a Boot-free core: only {@code autoconfigure} knows
 * Spring Boot's auto-configuration, only it and {@code actuate} know Spring Boot at all,
 * the packages never depend on each other in a cycle, the capability subpackages depend
 * downward only, and nothing on the tool path looks beans up lazily.
 */
class ArchitectureTests {

	private static final String[] CORE = { "..activation..", "..advisor..", "..capability..", "..catalog..",
			"..embedding..", "..health..", "..learning..", "..policy..", "..proactive..", "..search..", "..tool.." };

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.github.lazymcp");

	@Test
	void onlyTheAutoconfigurePackageUsesSpringBootAutoConfiguration() {
		noClasses().that()
			.resideOutsideOfPackage("..autoconfigure..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.boot.autoconfigure..",
					"org.springframework.boot.context.properties..")
			.check(this.classes);
	}

	@Test
	void coreConceptsArePlainJavaAndSpringAi() {
		noClasses().that()
			.resideInAnyPackage(CORE)
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.boot..")
			.check(this.classes);
	}

	@Test
	void packagesHaveNoCycles() {
		slices().matching("io.github.lazymcp.(*)..").should().beFreeOfCycles().check(this.classes);
	}

	@Test
	void capabilitySubpackagesHaveNoCycles() {
		slices().matching("io.github.lazymcp.capability.(*)..").should().beFreeOfCycles().check(this.classes);
	}

	@Test
	void capabilityDefinitionsStandAlone() {
		noClasses().that()
			.resideInAPackage("io.github.lazymcp.capability.definition..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability", "io.github.lazymcp.capability.pool..",
					"io.github.lazymcp.capability.routing..", "io.github.lazymcp.capability.toolchain..",
					"io.github.lazymcp.capability.skill..")
			.check(this.classes);
	}

	@Test
	void theServerPoolAndTheRouterKnowDefinitionsOnly() {
		noClasses().that()
			.resideInAPackage("io.github.lazymcp.capability.pool..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability", "io.github.lazymcp.capability.routing..")
			.check(this.classes);
		noClasses().that()
			.resideInAPackage("io.github.lazymcp.capability.routing..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability", "io.github.lazymcp.capability.pool..")
			.check(this.classes);
	}

	@Test
	void toolchainsKnowDefinitionsOnlyAndSkillFilesNothing() {
		noClasses().that()
			.resideInAPackage("io.github.lazymcp.capability.toolchain..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability", "io.github.lazymcp.capability.pool..",
					"io.github.lazymcp.capability.routing..", "io.github.lazymcp.capability.skill..")
			.check(this.classes);
		noClasses().that()
			.resideInAPackage("io.github.lazymcp.capability.skill..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability", "io.github.lazymcp.capability.definition..",
					"io.github.lazymcp.capability.pool..", "io.github.lazymcp.capability.routing..",
					"io.github.lazymcp.capability.toolchain..")
			.check(this.classes);
	}

	@Test
	void searchAndActivationStandAlone() {
		noClasses().that()
			.resideInAnyPackage("..search..", "..activation..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.catalog..", "io.github.lazymcp.tool..",
					"io.github.lazymcp.advisor..")
			.check(this.classes);
	}

	@Test
	void learningKnowsNothingOfLazyMcpButItself() {
		noClasses().that()
			.resideInAPackage("..learning..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.catalog..", "io.github.lazymcp.tool..", "io.github.lazymcp.search..",
					"io.github.lazymcp.activation..", "io.github.lazymcp.advisor..", "io.github.lazymcp.capability..",
					"io.github.lazymcp.policy..", "io.github.lazymcp.health..", "io.github.lazymcp.actuate..")
			.check(this.classes);
	}

	@Test
	void proactiveAttachSitsOnTheToolPathAndNothingButTheAutoConfigurationKnowsIt() {
		noClasses().that()
			.resideInAPackage("..proactive..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.advisor..", "io.github.lazymcp.capability..",
					"io.github.lazymcp.actuate..", "io.github.lazymcp.policy..")
			.check(this.classes);
		noClasses().that()
			.resideOutsideOfPackages("..proactive..", "..autoconfigure..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.github.lazymcp.proactive..")
			.check(this.classes);
	}

	@Test
	void healthKnowsOnlyTheCatalogBelowIt() {
		noClasses().that()
			.resideInAPackage("..health..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.tool..", "io.github.lazymcp.advisor..",
					"io.github.lazymcp.capability..", "io.github.lazymcp.actuate..", "io.github.lazymcp.policy..",
					"io.github.lazymcp.search..", "io.github.lazymcp.activation..")
			.check(this.classes);
	}

	@Test
	void nothingOutsideTheAutoConfigurationLooksBeansUpLazily() {
		noClasses().that()
			.resideOutsideOfPackage("..autoconfigure..")
			.should()
			.dependOnClassesThat()
			.haveFullyQualifiedName("org.springframework.beans.factory.ObjectProvider")
			.check(this.classes);
	}

	@Test
	void theToolPathKnowsNoCustomizerAndNoAdvisor() {
		noClasses().that()
			.resideInAnyPackage("..tool..", "..catalog..", "..search..", "..activation..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.advisor..", "io.github.lazymcp.capability..",
					"io.github.lazymcp.actuate..")
			.check(this.classes);
	}

}
