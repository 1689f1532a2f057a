package io.github.lazymcp.catalog.internal;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

/**
 * A tool's callback that runs on the connection of the identity a call acts for: a
 * per-user server's. The tool path hands it the call's owner, which the tool context an
 * MCP server gets never carries.
 */
public interface OwnerRoutedCallback extends ToolCallback {

	/**
	 * Runs the tool on the owner's connection.
	 * @param toolInput the arguments, as JSON
	 * @param toolContext the context an MCP server may see
	 * @param owner the opaque id of the identity the call acts for, or null for none
	 * @return the result, or an error result the model can act on when the owner has no
	 * connection that lists the tool
	 */
	String call(String toolInput, @Nullable ToolContext toolContext, @Nullable String owner);

	/**
	 * Without an owner, the tool is unavailable.
	 */
	@Override
	default String call(String toolInput, @Nullable ToolContext toolContext) {
		return call(toolInput, toolContext, null);
	}

}
