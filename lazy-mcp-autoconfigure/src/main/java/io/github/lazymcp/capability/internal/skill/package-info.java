/**
 * Internal: not API. Skill files ({@code SKILL.md} with YAML frontmatter, the format of
 * Claude-style agent skills) as far as capabilities are concerned: the skill's name and
 * the capabilities its frontmatter asks for, each with its line. Depends on nothing else
 * in lazy-mcp.
 */
@NullMarked
package io.github.lazymcp.capability.internal.skill;

import org.jspecify.annotations.NullMarked;
