package io.github.lazymcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every public API type says in its javadoc since which release it exists. The API is
 * what {@code ArchitectureTests} holds to docs/architecture.md's list: the public
 * top-level types outside the {@code internal} packages, read from the compiled classes;
 * their javadoc is read from the module's sources.
 */
class SinceTagsTests {

	private static final Path SOURCES = Path.of("src", "main", "java");

	private static final Pattern SINCE = Pattern.compile("^\\s*\\*\\s*@since\\s+\\d+\\.\\d+\\.\\d+\\s*$",
			Pattern.MULTILINE);

	private static final Pattern IMPORT_OR_PACKAGE = Pattern.compile("^(import|package)\\s", Pattern.MULTILINE);

	@Test
	void everyPublicApiTypeHasASinceTagInItsJavadoc() throws IOException {
		List<String> apiTypes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("io.github.lazymcp")
			.stream()
			.filter((type) -> type.isTopLevelClass() && type.getModifiers().contains(JavaModifier.PUBLIC))
			.map(JavaClass::getName)
			.filter((name) -> !name.contains(".internal.") && !name.endsWith(".package-info"))
			.toList();
		assertThat(apiTypes).contains(LazyMcp.class.getName());
		TreeSet<String> untagged = new TreeSet<>();
		for (String type : apiTypes) {
			String javadoc = typeJavadoc(type);
			if (javadoc == null || !SINCE.matcher(javadoc).find()) {
				untagged.add(type);
			}
		}
		assertThat(untagged).as("public API types without '@since <version>' in their javadoc").isEmpty();
	}

	/**
	 * The javadoc comment right before the type's declaration, or null if it has none.
	 */
	private static String typeJavadoc(String type) throws IOException {
		String simpleName = type.substring(type.lastIndexOf('.') + 1);
		Path file = SOURCES.resolve(type.replace('.', '/') + ".java");
		assertThat(file).as("the source of " + type + " (tests run in the module's directory)").isRegularFile();
		String source = Files.readString(file);
		Matcher declaration = Pattern
			.compile("^public\\s[\\w\\s-]*?(class|interface|record|enum|@interface)\\s+" + simpleName + "\\b",
					Pattern.MULTILINE)
			.matcher(source);
		assertThat(declaration.find()).as("the declaration of " + type).isTrue();
		String before = source.substring(0, declaration.start());
		int start = before.lastIndexOf("/**");
		int end = before.lastIndexOf("*/");
		if (start < 0 || end < start || IMPORT_OR_PACKAGE.matcher(before.substring(end)).find()) {
			return null;
		}
		return before.substring(start, end);
	}

}
