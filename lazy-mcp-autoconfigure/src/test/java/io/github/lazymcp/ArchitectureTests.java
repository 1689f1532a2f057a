package io.github.lazymcp;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;

import static com.tngtech.archunit.core.domain.AccessTarget.Predicates.declaredIn;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One concept, one package, over a Boot-free core: only {@code autoconfigure} knows
 * Spring Boot's auto-configuration, only it and {@code actuate} know Spring Boot at all,
 * the concepts never depend on each other in a cycle, the capability subpackages depend
 * downward only, nothing looks collaborators up later, the tool path's classes never call
 * back into what made them, nothing below {@code LazyMcp} reaches back into it, every
 * package is {@code @NullMarked}, the public API is exactly the list in
 * {@code docs/architecture.md}, and so are the public types of internal packages, each
 * with its reason.
 */
class ArchitectureTests {

	private static final String[] CORE = { "io.github.lazymcp", "..activation..", "..advisor..", "..background..",
			"..capability..", "..catalog..", "..embedding..", "..health..", "..identity..", "..learning..",
			"..logging..", "..policy..", "..proactive..", "..search..", "..settings..", "..tool.." };

	/** The concepts below the root package: everything but it and the Boot layer. */
	private static final String[] BELOW_THE_ROOT = { "..activation..", "..advisor..", "..background..",
			"..capability..", "..catalog..", "..embedding..", "..health..", "..identity..", "..learning..",
			"..logging..", "..policy..", "..proactive..", "..search..", "..settings..", "..tool.." };

	/**
	 * The most public top-level types the API may have: 45 after issue 21, and one more
	 * for each type added since, with the reason it could not be done without:
	 * {@code settings.InvalidSettingException} (issue 32), which builder users catch to
	 * learn which setting is wrong; {@code autoconfigure.LazyMcpBuilderCustomizer} (issue
	 * 32), Spring Boot's customizer idiom; and {@code LazyMcpOperations} (issue 41), the
	 * endpoints' window in place of the internal bridge; and issue 40's
	 * {@code identity.IdentityResolver}, which applications implement, and
	 * {@code identity.ConversationOwnerException}, which they catch. No existing type
	 * could become non-public instead.
	 */
	private static final int MAX_PUBLIC_TYPES = 50;

	/** Where this test class, and the other tests' classes, were loaded from. */
	private static final String TESTS_FOLDER = testsFolder();

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.withImportOption(ArchitectureTests::notInTheTestsFolder)
		.importPackages("io.github.lazymcp");

	/**
	 * Whether a class lies outside the folder this test class was loaded from: the tests'
	 * own classes, wherever a build puts them (DO_NOT_INCLUDE_TESTS knows Maven's,
	 * Gradle's and IntelliJ's folders by name only).
	 */
	private static boolean notInTheTestsFolder(Location location) {
		return !location.asURI().toString().startsWith(TESTS_FOLDER);
	}

	private static String testsFolder() {
		try {
			return ArchitectureTests.class.getProtectionDomain().getCodeSource().getLocation().toURI().toString();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Every package with main classes, the root included, is {@code @NullMarked} in its
	 * {@code package-info}: NullAway checks only marked code ({@code OnlyNullMarked}), so
	 * an unmarked package, or one without a {@code package-info}, would go unchecked
	 * without a word.
	 */
	@Test
	void everyPackageIsNullMarked() {
		Set<String> packages = new TreeSet<>();
		Set<String> unmarked = new TreeSet<>();
		for (JavaClass type : this.classes) {
			JavaPackage javaPackage = type.getPackage();
			packages.add(javaPackage.getName());
			if (!javaPackage.isAnnotatedWith(NullMarked.class)) {
				unmarked.add(javaPackage.getName());
			}
		}
		assertThat(packages).contains("io.github.lazymcp", "io.github.lazymcp.autoconfigure");
		assertThat(unmarked).as("packages whose package-info is not @NullMarked").isEmpty();
	}

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

	/** A concept and its internal packages are one slice: concepts never form a cycle. */
	@Test
	void conceptsHaveNoCycles() {
		slices().matching("io.github.lazymcp.(*)..").should().beFreeOfCycles().check(this.classes);
	}

	@Test
	void capabilitySubpackagesHaveNoCycles() {
		slices().matching("io.github.lazymcp.capability.internal.(*)..").should().beFreeOfCycles().check(this.classes);
	}

	@Test
	void capabilityDefinitionsStandAlone() {
		noClasses().that()
			.resideInAPackage("io.github.lazymcp.capability.internal.definition..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability.internal", "..capability.internal.pool..",
					"..capability.internal.routing..", "..capability.internal.toolchain..",
					"..capability.internal.skill..")
			.check(this.classes);
	}

	@Test
	void theServerPoolAndTheRouterKnowDefinitionsOnly() {
		noClasses().that()
			.resideInAPackage("..capability.internal.pool..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability.internal", "..capability.internal.routing..")
			.check(this.classes);
		noClasses().that()
			.resideInAPackage("..capability.internal.routing..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability.internal", "..capability.internal.pool..")
			.check(this.classes);
	}

	@Test
	void toolchainsKnowDefinitionsOnlyAndSkillFilesNothing() {
		noClasses().that()
			.resideInAPackage("..capability.internal.toolchain..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability.internal", "..capability.internal.pool..",
					"..capability.internal.routing..", "..capability.internal.skill..")
			.check(this.classes);
		noClasses().that()
			.resideInAPackage("..capability.internal.skill..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.capability", "io.github.lazymcp.capability.internal",
					"..capability.internal.definition..", "..capability.internal.pool..",
					"..capability.internal.routing..", "..capability.internal.toolchain..")
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
	void proactiveAttachSitsOnTheToolPathAndOnlyTheAssemblyMakesIt() {
		noClasses().that()
			.resideInAPackage("..proactive..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp.advisor..", "io.github.lazymcp.capability..",
					"io.github.lazymcp.actuate..", "io.github.lazymcp.policy..")
			.check(this.classes);
		noClasses().that()
			.resideOutsideOfPackages("..proactive..", "io.github.lazymcp")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.github.lazymcp.proactive.internal..")
			.check(this.classes);
	}

	/**
	 * {@code LazyMcp}, its window and the assembly sit on top of every concept: nothing
	 * below them reaches back up, through a static bridge or otherwise. Only the Boot
	 * layer ({@code autoconfigure}, {@code actuate}) uses them.
	 */
	@Test
	void nothingBelowTheRootPackageReachesBackIntoIt() {
		noClasses().that()
			.resideInAnyPackage(BELOW_THE_ROOT)
			.should()
			.dependOnClassesThat()
			.resideInAPackage("io.github.lazymcp")
			.check(this.classes);
	}

	/**
	 * Each part of the assembly takes its own inputs, which the builder made for it, and
	 * the collaborators it uses: no part depends on the assembly, on {@code LazyMcp} or
	 * its window, or on another part (nested classes count as their part). With the rule
	 * above, nothing inside runs back up to what made it.
	 */
	@Test
	void theAssemblyPartsTakeOnlyTheirOwnInputs() {
		Set<String> parts = new TreeSet<>();
		Set<String> offenders = new TreeSet<>();
		for (JavaClass type : this.classes) {
			String part = topLevel(type);
			if (!type.getPackageName().equals("io.github.lazymcp") || !part.endsWith("Part")) {
				continue;
			}
			parts.add(part);
			for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
				JavaClass target = dependency.getTargetClass();
				if (target.getPackageName().equals("io.github.lazymcp") && !topLevel(target).equals(part)) {
					offenders.add(dependency.getDescription());
				}
			}
		}
		assertThat(parts).containsExactlyInAnyOrder("io.github.lazymcp.ServersPart", "io.github.lazymcp.SessionsPart",
				"io.github.lazymcp.CapabilitiesPart", "io.github.lazymcp.SearchPart");
		assertThat(offenders).isEmpty();
	}

	/**
	 * Background work has one shape: outside {@code background.internal}, nothing of
	 * lazy-mcp hands work to an executor service ({@code schedule*}, {@code submit},
	 * {@code execute}, {@code invoke*}), makes a thread or an executor of its own, or
	 * asks {@code Executors} for one; each part runs its work as its {@code Tasks}, which
	 * its {@code close()} cancels and waits for. The one exception is the timer of the
	 * deadlines of pings and calls ({@code health.internal.Deadline}): on the shared
	 * scheduler, a deadline would wait behind the work it is meant to end; and the JVM
	 * shutdown hook of {@code embedding.internal.NativeCalls}, a thread the JVM runs once
	 * at exit, which is no background work. An {@code Executor} that
	 * {@code Tasks.oneAtATime} made may be given work.
	 */
	@Test
	void onlyTheBackgroundSchedules() {
		noClasses().that()
			.resideOutsideOfPackage("..background.internal..")
			.and()
			.doNotHaveFullyQualifiedName("io.github.lazymcp.health.internal.Deadline")
			.and()
			.doNotHaveFullyQualifiedName("io.github.lazymcp.embedding.internal.NativeCalls")
			.should()
			.callMethodWhere(target(declaredIn(assignableTo(ExecutorService.class)))
				.and(target(nameMatching("schedule.*|submit|execute|invokeAll|invokeAny"))))
			.orShould()
			.callConstructorWhere(
					target(declaredIn(assignableTo(Thread.class).or(assignableTo(ExecutorService.class)))))
			.orShould()
			.callMethodWhere(target(declaredIn(assignableTo(Executors.class))))
			.check(this.classes);
	}

	/**
	 * Background work is below every concept, like {@code settings} and {@code logging}.
	 */
	@Test
	void backgroundWorkKnowsNothingOfLazyMcpButLogging() {
		noClasses().that()
			.resideInAPackage("..background..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp", "..activation..", "..advisor..", "..capability..", "..catalog..",
					"..embedding..", "..health..", "..learning..", "..policy..", "..proactive..", "..search..",
					"..settings..", "..tool..", "..actuate..", "..autoconfigure..")
			.check(this.classes);
	}

	/**
	 * Whose conversation it is, and nothing else: the advisors and the Boot layer use it,
	 * it uses no other concept.
	 */
	@Test
	void identityKnowsNothingElseOfLazyMcp() {
		noClasses().that()
			.resideInAPackage("..identity..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.github.lazymcp", "io.github.lazymcp.activation..", "io.github.lazymcp.advisor..",
					"io.github.lazymcp.background..", "io.github.lazymcp.capability..", "io.github.lazymcp.catalog..",
					"io.github.lazymcp.embedding..", "io.github.lazymcp.health..", "io.github.lazymcp.learning..",
					"io.github.lazymcp.logging..", "io.github.lazymcp.policy..", "io.github.lazymcp.proactive..",
					"io.github.lazymcp.search..", "io.github.lazymcp.settings..", "io.github.lazymcp.tool..",
					"io.github.lazymcp.actuate..", "io.github.lazymcp.autoconfigure..")
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

	/**
	 * Every part is handed what it uses when it is made: no core constructor takes an
	 * ObjectProvider, an AtomicReference, or a Supplier of a lazy-mcp type, the ways of
	 * looking a collaborator up later to break a cycle.
	 */
	@Test
	void noCoreConstructorTakesALaterLookupOfACollaborator() {
		List<String> offenders = new ArrayList<>();
		for (JavaClass type : this.classes) {
			if (type.getPackageName().contains(".autoconfigure")) {
				continue;
			}
			for (Constructor<?> constructor : type.reflect().getDeclaredConstructors()) {
				if (Modifier.isPrivate(constructor.getModifiers())) {
					continue;
				}
				for (Type parameter : constructor.getGenericParameterTypes()) {
					if (isLaterLookup(parameter)) {
						offenders.add(type.getName() + " takes " + parameter.getTypeName());
					}
				}
			}
		}
		assertThat(offenders).isEmpty();
	}

	private static boolean isLaterLookup(Type parameter) {
		Type raw = (parameter instanceof ParameterizedType generic) ? generic.getRawType() : parameter;
		if (raw == ObjectProvider.class || raw == AtomicReference.class) {
			return true;
		}
		return raw == Supplier.class && parameter instanceof ParameterizedType generic
				&& generic.getActualTypeArguments()[0].getTypeName().startsWith("io.github.lazymcp.");
	}

	/**
	 * No class of the tool path depends on a class that depends back on it, directly or
	 * not: a part never calls back into the part that made it (nested classes count as
	 * their top-level class).
	 */
	@Test
	void theToolPathsClassesNeverCallBackIntoWhatMadeThem() throws IOException {
		assertThat(cycles(usesWithin("io.github.lazymcp.tool"))).isEmpty();
	}

	/**
	 * The same for the capability wing: the index, the holds, the manager and the tool,
	 * listener and actions made from them never call back into what made them.
	 */
	@Test
	void theCapabilityClassesNeverCallBackIntoWhatMadeThem() throws IOException {
		assertThat(cycles(usesWithin("io.github.lazymcp.capability"))).isEmpty();
	}

	/**
	 * The constants the sources read count as uses: a name read across the tool classes
	 * (ToolSearch's description naming CallTool, CallTool's errors naming ToolSearch) was
	 * a cycle only the sources show.
	 */
	@Test
	void constantsReadInTheSourcesCountAsUses() throws IOException {
		assertThat(constantsReadWithin("io.github.lazymcp.tool").get("io.github.lazymcp.tool.internal.ToolSearch"))
			.contains("io.github.lazymcp.tool.internal.ModelToolNames");
	}

	/**
	 * Which top-level classes of a package tree each of its classes uses, in its class
	 * file or by a constant its source reads.
	 */
	private Map<String, Set<String>> usesWithin(String packagePrefix) throws IOException {
		Map<String, Set<String>> uses = constantsReadWithin(packagePrefix);
		for (JavaClass type : this.classes) {
			if (!type.getPackageName().startsWith(packagePrefix)) {
				continue;
			}
			String from = topLevel(type);
			for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
				JavaClass target = dependency.getTargetClass();
				String to = topLevel(target);
				if (target.getPackageName().startsWith(packagePrefix) && !to.equals(from)) {
					uses.computeIfAbsent(from, (key) -> new TreeSet<>()).add(to);
				}
			}
		}
		return uses;
	}

	/**
	 * Which top-level classes of a package tree each of its source files reads a constant
	 * of ({@code Owner.NAME}). javac copies a constant (a static final String or
	 * primitive) into every class that reads it, so the reader's class file names no
	 * dependency on the owner and ArchUnit sees none: only the sources do. A reference
	 * names its owner by simple name, imported or in the reader's own package.
	 */
	private Map<String, Set<String>> constantsReadWithin(String packagePrefix) throws IOException {
		Map<String, JavaClass> byName = new HashMap<>();
		this.classes.stream()
			.filter((type) -> type.isTopLevelClass() && type.getPackageName().startsWith(packagePrefix))
			.forEach((type) -> byName.put(type.getName(), type));
		Map<String, Set<String>> uses = new HashMap<>();
		for (JavaClass reader : byName.values()) {
			Path file = Path.of("src", "main", "java", reader.getName().replace('.', '/') + ".java");
			if (!Files.exists(file)) {
				continue;
			}
			String source = code(Files.readString(file));
			Matcher reference = Pattern.compile("\\b([A-Z]\\w*)\\.([A-Z][A-Z0-9_]*)\\b").matcher(source);
			while (reference.find()) {
				JavaClass owner = owner(reference.group(1), reader, source, byName);
				if (owner != null && !owner.equals(reader) && isConstant(owner, reference.group(2))) {
					uses.computeIfAbsent(reader.getName(), (key) -> new TreeSet<>()).add(owner.getName());
				}
			}
		}
		return uses;
	}

	/** A source without its comments and the contents of its string and char literals. */
	private static String code(String source) {
		StringBuilder code = new StringBuilder();
		int i = 0;
		while (i < source.length()) {
			if (source.startsWith("//", i)) {
				int end = source.indexOf('\n', i);
				i = (end < 0) ? source.length() : end;
			}
			else if (source.startsWith("/*", i)) {
				i = source.indexOf("*/", i + 2) + 2;
			}
			else if (source.startsWith("\"\"\"", i)) {
				i = source.indexOf("\"\"\"", i + 3) + 3;
				code.append("\"\"");
			}
			else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
				char quote = source.charAt(i++);
				while (source.charAt(i) != quote) {
					i += (source.charAt(i) == '\\') ? 2 : 1;
				}
				i++;
				code.append(quote).append(quote);
			}
			else {
				code.append(source.charAt(i++));
			}
		}
		return code.toString();
	}

	private static JavaClass owner(String simpleName, JavaClass reader, String source, Map<String, JavaClass> byName) {
		Matcher imported = Pattern.compile("import ([\\w.]+\\." + simpleName + ");").matcher(source);
		String name = imported.find() ? imported.group(1) : reader.getPackageName() + "." + simpleName;
		return byName.get(name);
	}

	private static boolean isConstant(JavaClass owner, String field) {
		return owner.tryGetField(field)
			.map((found) -> found.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.STATIC)
					&& found.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.FINAL)
					&& (found.getRawType().isPrimitive() || found.getRawType().isEquivalentTo(String.class)))
			.orElse(false);
	}

	private static String topLevel(JavaClass type) {
		String name = type.getName();
		int nested = name.indexOf('$');
		return (nested >= 0) ? name.substring(0, nested) : name;
	}

	/** The classes that lie on a dependency cycle. */
	private static Set<String> cycles(Map<String, Set<String>> uses) {
		Set<String> onCycles = new TreeSet<>();
		for (String start : uses.keySet()) {
			if (reaches(start, start, uses, new HashSet<>())) {
				onCycles.add(start);
			}
		}
		return onCycles;
	}

	private static boolean reaches(String from, String goal, Map<String, Set<String>> uses, Set<String> seen) {
		for (String next : uses.getOrDefault(from, Set.of())) {
			if (next.equals(goal) || (seen.add(next) && reaches(next, goal, uses, seen))) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The API's signatures hold the seam: no public or protected member of a public type
	 * outside the internal packages names an internal type in its parameters, return
	 * type, throws clause, field type or record components, generic arguments included.
	 */
	@Test
	void noPublicSignatureMentionsAnInternalType() {
		Set<String> leaks = new TreeSet<>();
		for (JavaClass type : this.classes) {
			if (isInternal(type.getName()) || !isEffectivelyPublic(type.reflect())) {
				continue;
			}
			leaks.addAll(signatureLeaks(type.reflect()));
		}
		assertThat(leaks).isEmpty();
	}

	private static List<String> signatureLeaks(Class<?> type) {
		List<String> leaks = new ArrayList<>();
		for (Executable member : members(type)) {
			if (!isApi(member.getModifiers()) || member.isSynthetic()) {
				continue;
			}
			List<Type> mentioned = new ArrayList<>(List.of(member.getGenericParameterTypes()));
			mentioned.addAll(List.of(member.getGenericExceptionTypes()));
			if (member instanceof Method method) {
				mentioned.add(method.getGenericReturnType());
			}
			String name = (member instanceof Method) ? member.getName() : "<init>";
			addLeaks(leaks, type.getName() + "#" + name, mentioned);
		}
		for (Field field : type.getDeclaredFields()) {
			if (isApi(field.getModifiers()) && !field.isSynthetic()) {
				addLeaks(leaks, type.getName() + "#" + field.getName(), List.of(field.getGenericType()));
			}
		}
		if (type.isRecord()) {
			for (RecordComponent component : type.getRecordComponents()) {
				addLeaks(leaks, type.getName() + "#" + component.getName(), List.of(component.getGenericType()));
			}
		}
		return leaks;
	}

	private static List<Executable> members(Class<?> type) {
		List<Executable> members = new ArrayList<>(List.of(type.getDeclaredConstructors()));
		members.addAll(List.of(type.getDeclaredMethods()));
		return members;
	}

	private static void addLeaks(List<String> leaks, String member, List<Type> mentioned) {
		Set<String> internal = new TreeSet<>();
		for (Type each : mentioned) {
			collectInternal(each, internal, new HashSet<>());
		}
		internal.forEach((name) -> leaks.add(member + " mentions " + name));
	}

	private static void collectInternal(Type type, Set<String> internal, Set<Type> seen) {
		if (!seen.add(type)) {
			return;
		}
		if (type instanceof Class<?> plain) {
			Class<?> element = plain;
			while (element.isArray()) {
				element = element.getComponentType();
			}
			if (isInternal(element.getName())) {
				internal.add(element.getName());
			}
		}
		else if (type instanceof ParameterizedType generic) {
			collectInternal(generic.getRawType(), internal, seen);
			for (Type argument : generic.getActualTypeArguments()) {
				collectInternal(argument, internal, seen);
			}
		}
		else if (type instanceof GenericArrayType array) {
			collectInternal(array.getGenericComponentType(), internal, seen);
		}
		else if (type instanceof WildcardType wildcard) {
			List.of(wildcard.getUpperBounds()).forEach((bound) -> collectInternal(bound, internal, seen));
			List.of(wildcard.getLowerBounds()).forEach((bound) -> collectInternal(bound, internal, seen));
		}
		else if (type instanceof TypeVariable<?> variable) {
			List.of(variable.getBounds()).forEach((bound) -> collectInternal(bound, internal, seen));
		}
	}

	private static boolean isInternal(String className) {
		return className.startsWith("io.github.lazymcp.") && className.contains(".internal.");
	}

	private static boolean isApi(int modifiers) {
		return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
	}

	private static boolean isEffectivelyPublic(Class<?> type) {
		for (Class<?> each = type; each != null; each = each.getEnclosingClass()) {
			if (!Modifier.isPublic(each.getModifiers()) || each.isAnonymousClass() || each.isLocalClass()) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The public API is what docs/architecture.md lists under "Public API": every public
	 * top-level type outside the internal packages, no more, at most
	 * {@value #MAX_PUBLIC_TYPES}.
	 */
	@Test
	void thePublicTypesAreExactlyTheDocumentedApi() throws IOException {
		Set<String> inCode = publicTopLevelTypes().stream()
			.filter((name) -> !isInternal(name))
			.collect(Collectors.toCollection(TreeSet::new));
		assertThat(documentedApi()).isEqualTo(inCode);
		assertThat(inCode).hasSizeLessThanOrEqualTo(MAX_PUBLIC_TYPES);
	}

	/**
	 * A public type in an internal package is listed with the reason it is public in
	 * docs/architecture.md under "Public types in internal packages": a new one comes
	 * with its reason, and one made package-private leaves the table.
	 */
	@Test
	void thePublicTypesOfInternalPackagesAreExactlyTheDocumentedOnes() throws IOException {
		Set<String> inCode = publicTopLevelTypes().stream()
			.filter(ArchitectureTests::isInternal)
			.collect(Collectors.toCollection(TreeSet::new));
		assertThat(documentedInternalTypes()).isEqualTo(inCode);
	}

	private Set<String> publicTopLevelTypes() {
		return this.classes.stream()
			.filter((type) -> type.isTopLevelClass()
					&& type.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC))
			.map(JavaClass::getName)
			.filter((name) -> !name.endsWith(".package-info"))
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private static Set<String> documentedApi() throws IOException {
		Set<String> names = new TreeSet<>();
		Matcher listed = Pattern.compile("`(io\\.github\\.lazymcp\\.[\\w.]+)`").matcher(section("Public API"));
		while (listed.find()) {
			names.add(listed.group(1));
		}
		return names;
	}

	/**
	 * The first column of the table, whose names are relative to
	 * {@code io.github.lazymcp}.
	 */
	private static Set<String> documentedInternalTypes() throws IOException {
		Set<String> names = new TreeSet<>();
		String table = section("Public types in internal packages");
		Matcher row = Pattern.compile("(?m)^\\| `([\\w.]+)` \\|").matcher(table);
		while (row.find()) {
			names.add("io.github.lazymcp." + row.group(1));
		}
		return names;
	}

	private static String section(String heading) throws IOException {
		String page = Files.readString(Path.of("..", "docs", "architecture.md"));
		int start = page.indexOf("\n## " + heading + "\n");
		assertThat(start).as("docs/architecture.md has a '%s' section", heading).isNotNegative();
		int end = page.indexOf("\n## ", start + 1);
		return page.substring(start, (end > 0) ? end : page.length());
	}

}
