package io.github.lazymcp.capability.internal.skill;

import io.github.lazymcp.capability.internal.skill.SkillFile.Requested;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link SkillFile}: the frontmatter's name and capabilities with their lines,
 * and bad frontmatter named by file, line and key.
 */
class SkillFileTests {

	@Test
	void readsTheNameAndTheCapabilitiesWithTheirLines() {
		SkillFile skill = SkillFile.parse("SKILL.md", """
				---
				name: release-notes
				description: Write release notes
				capabilities:
				  - files
				  - memory
				---
				Body: capabilities: [not, these]
				""");

		assertThat(skill.name()).isEqualTo("release-notes");
		assertThat(skill.capabilities()).containsExactly(new Requested("files", 0, 5), new Requested("memory", 1, 6));
		assertThat(skill.capabilities().get(1).where("SKILL.md")).isEqualTo("SKILL.md:6: 'capabilities[1]'");
	}

	@Test
	void aFlowListWorksAndNoCapabilitiesIsAnEmptyList() {
		assertThat(SkillFile.parse("a.md", "---\nname: a\ncapabilities: [x, y]\n---\n").capabilities())
			.extracting(Requested::name)
			.containsExactly("x", "y");
		assertThat(SkillFile.parse("b.md", "---\nname: b\n---\n").capabilities()).isEmpty();
	}

	@Test
	void capabilitiesThatAreNotAListFailNamingTheLineAndKey() {
		assertThatExceptionOfType(SkillFileException.class)
			.isThrownBy(() -> SkillFile.parse("SKILL.md", "---\nname: a\ndescription: d\ncapabilities: files\n---\n"))
			.withMessage("SKILL.md:4: 'capabilities' must be a list of capability names, e.g. [files, memory]");
	}

	@Test
	void aNestedEntryFailsNamingItsIndex() {
		assertThatExceptionOfType(SkillFileException.class)
			.isThrownBy(() -> SkillFile.parse("SKILL.md", "---\nname: a\ncapabilities:\n  - files\n  - {x: 1}\n---\n"))
			.withMessage("SKILL.md:5: 'capabilities[1]' must be a capability name");
	}

	@Test
	void aMissingNameOrFrontmatterFails() {
		assertThatExceptionOfType(SkillFileException.class)
			.isThrownBy(() -> SkillFile.parse("SKILL.md", "---\ncapabilities: [a]\n---\n"))
			.withMessage("SKILL.md:2: 'name' is required");
		assertThatExceptionOfType(SkillFileException.class)
			.isThrownBy(() -> SkillFile.parse("SKILL.md", "# Just markdown\n"))
			.withMessageStartingWith("SKILL.md:1: a skill file opens with a '---' line");
		assertThatExceptionOfType(SkillFileException.class)
			.isThrownBy(() -> SkillFile.parse("SKILL.md", "---\nname: a\n"))
			.withMessageStartingWith("SKILL.md:2: the frontmatter opened on line 1 has no closing '---'");
	}

	@Test
	void invalidYamlFailsWithTheFileLine() {
		assertThatExceptionOfType(SkillFileException.class)
			.isThrownBy(() -> SkillFile.parse("SKILL.md", "---\nname: a\ncapabilities: [a, b\n---\n"))
			.withMessageStartingWith("SKILL.md:")
			.withMessageContaining("the frontmatter is not valid YAML");
	}

}
