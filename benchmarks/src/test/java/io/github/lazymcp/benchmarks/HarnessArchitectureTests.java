package io.github.lazymcp.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The harness laid out by what it does: packages by concern in layers that point down,
 * without cycles, none over {@value #MOST_FILES} top-level classes, one meaning per name,
 * every one {@code @NullMarked}; the soak a black box that knows the product's public API
 * and the harness's datasets only, its app no harness at all; and the product reached
 * through its public API or its test fixtures.
 */
class HarnessArchitectureTests {

	private static final String HARNESS = "io.github.lazymcp.benchmarks";

	/** The most top-level classes a package may hold. */
	private static final int MOST_FILES = 15;

	/**
	 * The harness's layers, top to bottom: a layer may be used only by the layers above
	 * it, never by one beside it (the same number).
	 */
	private static final List<Layer> LAYERS = List.of(new Layer("main", 1, HARNESS),
			new Layer("command", 2, HARNESS + ".command.."), new Layer("jmh", 2, HARNESS + ".jmh.."),
			new Layer("gate", 3, HARNESS + ".gate.."), new Layer("replay", 4, HARNESS + ".replay.."),
			new Layer("agent", 5, HARNESS + ".agent.."), new Layer("retrieval", 5, HARNESS + ".retrieval.."),
			new Layer("routing", 5, HARNESS + ".routing.."), new Layer("bill", 6, HARNESS + ".bill.."),
			new Layer("ranking", 6, HARNESS + ".ranking.."), new Layer("peers", 6, HARNESS + ".peers.."),
			new Layer("product", 7, HARNESS + ".product.."), new Layer("dataset", 8, HARNESS + ".dataset.."),
			new Layer("results", 8, HARNESS + ".results.."), new Layer("cli", 8, HARNESS + ".cli.."));

	/** The layer of the app the soak starts in child JVMs. */
	private static final String APP = "soak.app";

	/** The soak's layers, top to bottom; only the commands use its top one. */
	private static final List<Layer> SOAK_LAYERS = List.of(new Layer("soak", 1, HARNESS + ".soak"),
			new Layer("soak.faults", 2, HARNESS + ".soak.faults.."),
			new Layer("soak.load", 3, HARNESS + ".soak.load.."), new Layer("soak.judge", 4, HARNESS + ".soak.judge.."),
			new Layer("soak.fleet", 5, HARNESS + ".soak.fleet.."),
			new Layer("soak.fakes", 6, HARNESS + ".soak.fakes.."), new Layer(APP, 7, HARNESS + ".soak.app.."));

	/**
	 * Where the tests are compiled to: the harness's design covers its main classes, and
	 * builds name the folders of tests differently.
	 */
	private static final String TESTS = HarnessArchitectureTests.class.getProtectionDomain()
		.getCodeSource()
		.getLocation()
		.toString();

	/** The harness's main classes; JMH's generated ones are not part of its design. */
	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption((location) -> !location.asURI().toString().startsWith(TESTS))
		.withImportOption((location) -> !location.contains("/jmh_generated/"))
		.importPackages(HARNESS);

	@Test
	void packagesHaveNoCycles() {
		slices().matching(HARNESS + ".(**)").should().beFreeOfCycles().check(this.classes);
	}

	@Test
	void layersPointDown() {
		LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
			.ensureAllClassesAreContainedInArchitecture();
		List<Layer> all = new ArrayList<>(LAYERS);
		all.addAll(SOAK_LAYERS);
		for (Layer layer : all) {
			layers = layers.layer(layer.name).definedBy(layer.packages);
		}
		for (Layer layer : LAYERS) {
			List<String> above = names(LAYERS, layer.level);
			if (layer.name.equals("dataset")) {
				// the soak reads its users' messages from evaluation files
				above.addAll(names(SOAK_LAYERS, Integer.MAX_VALUE));
				above.remove(APP);
			}
			layers = above.isEmpty() ? layers.whereLayer(layer.name).mayNotBeAccessedByAnyLayer()
					: layers.whereLayer(layer.name).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
		}
		for (Layer layer : SOAK_LAYERS) {
			List<String> above = names(SOAK_LAYERS, layer.level);
			if (above.isEmpty()) {
				above.add("command");
			}
			layers = layers.whereLayer(layer.name).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
		}
		layers.check(this.classes);
	}

	@Test
	void productThroughItsWindowOrFixtures() {
		noClasses().should()
			.dependOnClassesThat(
					resideInAPackage("io.github.lazymcp..internal..").and(DescribedPredicate.not(fixtures())))
			.check(this.classes);
	}

	@Test
	void theSoakIsABlackBox() {
		noClasses().that()
			.resideInAPackage(HARNESS + ".soak..")
			.should()
			.dependOnClassesThat(resideInAPackage("io.github.lazymcp..internal..").or(fixtures())
				.or(resideInAPackage(HARNESS + "..")
					.and(resideOutsideOfPackages(HARNESS + ".soak..", HARNESS + ".dataset.."))))
			.check(this.classes);
	}

	@Test
	void theSoakAppKnowsNoHarness() {
		noClasses().that()
			.resideInAPackage(HARNESS + ".soak.app..")
			.should()
			.dependOnClassesThat(resideInAPackage(HARNESS + "..").and(resideOutsideOfPackages(HARNESS + ".soak.app..")))
			.check(this.classes);
	}

	@Test
	void noPackageOverFifteenFiles() {
		Map<String, Long> files = topLevel().stream()
			.collect(Collectors.groupingBy(JavaClass::getPackageName, TreeMap::new, Collectors.counting()));
		assertThat(files).isNotEmpty()
			.allSatisfy((name, count) -> assertThat(count).as(name).isLessThanOrEqualTo(MOST_FILES));
	}

	/**
	 * Every package with main classes is {@code @NullMarked} in its {@code package-info},
	 * as the product's are: nothing is null unless it says {@code @Nullable}.
	 */
	@Test
	void everyPackageIsNullMarked() {
		Set<String> packages = new TreeSet<>();
		Set<String> unmarked = new TreeSet<>();
		for (JavaClass javaClass : this.classes) {
			JavaPackage javaPackage = javaClass.getPackage();
			packages.add(javaPackage.getName());
			if (!javaPackage.isAnnotatedWith(NullMarked.class)) {
				unmarked.add(javaPackage.getName());
			}
		}
		assertThat(packages).contains(HARNESS, HARNESS + ".soak.app");
		assertThat(unmarked).as("packages whose package-info is not @NullMarked").isEmpty();
	}

	@Test
	void oneMeaningPerName() {
		Map<String, List<String>> byName = topLevel().stream()
			.collect(Collectors.groupingBy(JavaClass::getSimpleName, TreeMap::new,
					Collectors.mapping(JavaClass::getName, Collectors.toList())));
		assertThat(byName).isNotEmpty().allSatisfy((name, classes) -> assertThat(classes).as(name).hasSize(1));
	}

	private List<JavaClass> topLevel() {
		return this.classes.stream()
			.filter(JavaClass::isTopLevelClass)
			.filter((javaClass) -> !javaClass.getSimpleName().equals("package-info"))
			.toList();
	}

	/** The names of the layers above a level, in order. */
	private static List<String> names(List<Layer> layers, int below) {
		return layers.stream()
			.filter((layer) -> layer.level < below)
			.map(Layer::name)
			.collect(Collectors.toCollection(ArrayList::new));
	}

	/**
	 * A class of the product's test fixtures: its top-level class's name ends in
	 * Fixtures.
	 */
	private static DescribedPredicate<JavaClass> fixtures() {
		return DescribedPredicate.describe("a product test fixture",
				(javaClass) -> topLevelName(javaClass).endsWith("Fixtures"));
	}

	private static String topLevelName(JavaClass javaClass) {
		String name = javaClass.getName();
		int nested = name.indexOf('$');
		return (nested < 0) ? name : name.substring(0, nested);
	}

	private record Layer(String name, int level, String packages) {

	}

}
