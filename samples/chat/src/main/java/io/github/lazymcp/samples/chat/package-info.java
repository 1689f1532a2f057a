/**
 * The chat sample: {@code POST /chat} over four real MCP servers (everything, filesystem,
 * memory, sequential-thinking) whose tool schemas lazy-mcp keeps out of the prompt until
 * the model searches for them; without a model key it answers that no model is
 * configured.
 */
@NullMarked
package io.github.lazymcp.samples.chat;

import org.jspecify.annotations.NullMarked;
