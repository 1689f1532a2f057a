package io.github.lazymcp;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * One concept, one package: only {@code autoconfigure} knows Spring Boot's
 * auto-configuration, only it and {@code actuate} know Spring Boot at all, and the
 * packages never depend on each other in a cycle.
 */
class ArchitectureTests {

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
			.resideInAnyPackage("..catalog..", "..search..", "..activation..", "..tool..", "..advisor..")
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
	void searchAndActivationStandAlone() {
		noClasses().that()
			.resideInAnyPackage("..search..", "..activation..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.catalog..", "io.github.lazymcp.tool..",
					"io.github.lazymcp.advisor..")
			.check(this.classes);
	}

}
