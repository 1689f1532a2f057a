package io.github.lazymcp.capability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.CapabilityManager.CapabilityChange;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.skill.SkillFile;
import io.github.lazymcp.capability.internal.skill.SkillFileException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

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
public final class CapabilitySkills {

	private static final Log logger = LogFactory.getLog(CapabilitySkills.class);

	private final CapabilityManager manager;

	private final SessionStore sessions;

	/**
	 * Creates the API.
	 * @param manager enables capabilities
	 * @param sessions where conversations' sessions live
	 */
	public CapabilitySkills(CapabilityManager manager, SessionStore sessions) {
		this.manager = manager;
		this.sessions = sessions;
	}

	/**
	 * Enables the capabilities a skill file asks for in a conversation.
	 * @param conversationId the conversation the skill was loaded for
	 * @param skill the skill file ({@code SKILL.md})
	 * @return what was enabled, what failed and which names are unknown
	 * @throws SkillFileException naming the file, the line and the key when the
	 * frontmatter cannot be read
	 */
	public SkillActivation skillLoaded(String conversationId, Resource skill) {
		try {
			String source = skill.isFile() ? skill.getFile().getPath() : skill.getURL().toString();
			return skillLoaded(conversationId,
					SkillFile.parse(source, skill.getContentAsString(StandardCharsets.UTF_8)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read skill file %s".formatted(skill), ex);
		}
	}

	/**
	 * Enables the capabilities a skill asks for in a conversation.
	 * @param conversationId the conversation the skill was loaded for
	 * @param skill the skill, as read by {@link SkillFile#parse}
	 * @return what was enabled, what failed and which names are unknown
	 */
	public SkillActivation skillLoaded(String conversationId, SkillFile skill) {
		ToolSession session = this.sessions.session(conversationId);
		List<String> enabled = new ArrayList<>();
		Map<String, String> failed = new LinkedHashMap<>();
		List<String> unknown = new ArrayList<>();
		for (SkillFile.Requested requested : skill.capabilities()) {
			if (this.manager.find(requested.name()).isEmpty()) {
				unknown.add("%s names no capability: '%s' (known: %s)".formatted(requested.where(skill.source()),
						requested.name(), String.join(", ",
								this.manager.definitions().stream().map(CapabilityDefinition::name).toList())));
				continue;
			}
			CapabilityChange change = this.manager.enable(requested.name(), session);
			if (change.failed()) {
				failed.put(requested.name(), String.valueOf(change.failure()));
			}
			else {
				enabled.add(requested.name());
			}
		}
		unknown.forEach((problem) -> logger.warn("Skill '%s': %s".formatted(skill.name(), problem)));
		return new SkillActivation(skill.name(), enabled, failed, unknown);
	}

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
