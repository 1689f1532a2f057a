package io.github.lazymcp.capability;

import java.util.List;
import java.util.Map;

import org.springframework.core.io.Resource;

/**
 * Skills that pull capabilities: when the application loads a skill for a conversation,
 * it calls {@link #skillLoaded} and the capabilities the skill's frontmatter lists are
 * enabled for that conversation, through the same cap and least-recently-used bookkeeping
 * as the {@code capability} tool. A name no capability has is reported, never skipped
 * silently.
 *
 * @since 0.1.0
 */
public interface CapabilitySkills {

	/**
	 * Enables the capabilities a skill file asks for in a conversation.
	 * @param conversationId the conversation the skill was loaded for
	 * @param skill the skill file ({@code SKILL.md})
	 * @return what was enabled, what failed and which names are unknown
	 * @throws IllegalArgumentException naming the file, the line and the key when the
	 * frontmatter cannot be read
	 * @throws java.io.UncheckedIOException when the file cannot be read
	 */
	SkillActivation skillLoaded(String conversationId, Resource skill);

	/**
	 * What loading a skill enabled.
	 *
	 * @param skill the skill's name
	 * @param enabled the capabilities enabled (or already enabled) in the conversation
	 * @param failed the capabilities that could not be enabled, with the reason
	 * @param unknown one message per name no capability has, as
	 * {@code file:line: 'capabilities[i]' names no capability: 'x' (known: ...)}
	 */
	public record SkillActivation(String skill, List<String> enabled, Map<String, String> failed,
			List<String> unknown) {

		public SkillActivation {
			enabled = List.copyOf(enabled);
			failed = Map.copyOf(failed);
			unknown = List.copyOf(unknown);
		}

		/**
		 * Whether every capability the skill asks for is enabled.
		 * @return true when nothing failed and no name was unknown
		 */
		public boolean complete() {
			return this.failed.isEmpty() && this.unknown.isEmpty();
		}

	}

}
