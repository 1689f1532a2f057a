package io.github.lazymcp.capability.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.skill.SkillFile;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.io.Resource;

/**
 * {@link CapabilitySkills} over the capability manager: a skill's capabilities are
 * enabled one by one, as the {@code capability} tool enables them.
 */
public final class SkillCapabilities implements CapabilitySkills {

	private static final Log logger = LogFactory.getLog(SkillCapabilities.class);

	private final CapabilityManager manager;

	private final SessionStore sessions;

	/**
	 * Creates the API.
	 * @param manager enables capabilities
	 * @param sessions where conversations' sessions live
	 */
	public SkillCapabilities(CapabilityManager manager, SessionStore sessions) {
		this.manager = manager;
		this.sessions = sessions;
	}

	@Override
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
	SkillActivation skillLoaded(String conversationId, SkillFile skill) {
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

}
