package io.github.lazymcp.capability.internal.skill;

/**
 * A skill file whose frontmatter cannot be read. The message starts with
 * {@code file:line:} and names the key.
 */
class SkillFileException extends IllegalArgumentException {

	SkillFileException(String source, int line, String problem) {
		super(source + ":" + line + ": " + problem);
	}

}
