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
	 * @return the result and whether the tool ran; an error result the model can act on,
	 * and not run, when the owner has no connection that lists the tool or the server
	 * refused the owner's token
	 */
	Outcome run(String toolInput, @Nullable ToolContext toolContext, @Nullable String owner);

	/**
	 * Runs the tool on the owner's connection.
	 * @param toolInput the arguments, as JSON
	 * @param toolContext the context an MCP server may see
	 * @param owner the opaque id of the identity the call acts for, or null for none
	 * @return the result, or an error result the model can act on
	 */
	default String call(String toolInput, @Nullable ToolContext toolContext, @Nullable String owner) {
		return run(toolInput, toolContext, owner).result();
	}

	/**
	 * Without an owner, the tool is unavailable.
	 */
	@Override
	default String call(String toolInput, @Nullable ToolContext toolContext) {
		return call(toolInput, toolContext, null);
	}

	/**
	 * What a call on the owner's connection gave.
	 *
	 * @param result what the model gets
	 * @param ran whether the server ran the tool: false when the call was answered for
	 * this user alone (a token refused, a tool their connection does not list), which
	 * says nothing about the tool itself
	 */
	record Outcome(String result, boolean ran) {

	}

}
