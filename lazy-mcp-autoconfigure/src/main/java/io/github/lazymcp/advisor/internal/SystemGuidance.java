package io.github.lazymcp.advisor.internal;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.tool.internal.ModelToolNames;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * The paragraph spliced into the system message while tools are deferred: how to use
 * ToolSearch, how many tools wait, and which servers exist; then, when configured, the
 * instructions of the servers whose tools the session has active
 * ({@link ServerInstructions}). The paragraph depends only on the catalog, never on the
 * session, so it stays byte-identical across the steps of a conversation and does not
 * break provider prompt caches; servers' instructions follow it, appended in the order
 * their tools were activated. At most {@value #MAX_SERVERS} server names are listed, then
 * how many more there are: a catalog of hundreds of servers would otherwise pay thousands
 * of tokens on every request for a list the model cannot use better than ToolSearch.
 *
 * @param template the text; {deferred}, {servers} and {tool} are replaced
 * @param instructions the servers' instructions to add, or null to add none
 */
record SystemGuidance(String template, @Nullable ServerInstructions instructions) {

	/** How many server names {servers} lists before it summarises the rest. */
	static final int MAX_SERVERS = 30;

	/**
	 * Guidance without servers' instructions.
	 * @param template the text; {deferred}, {servers} and {tool} are replaced
	 */
	SystemGuidance(String template) {
		this(template, null);
	}

	/**
	 * The paragraph for a catalog, without servers' instructions.
	 * @param catalog the current catalog
	 * @return the paragraph
	 */
	String render(CatalogSnapshot catalog) {
		return this.template.replace("{deferred}", Integer.toString(catalog.deferred().size()))
			.replace("{servers}", servers(catalog.deferredServers()))
			.replace("{tool}", ModelToolNames.TOOL_SEARCH);
	}

	/**
	 * The guidance for one step: the paragraph, then the instructions of the servers
	 * whose tools are active, each in a paragraph of its own.
	 * @param catalog the current catalog
	 * @param active the session's active tools, in activation order
	 * @param owner the opaque id of the session's identity, or null for none
	 * @return the text
	 */
	String render(CatalogSnapshot catalog, List<String> active, @Nullable String owner) {
		String paragraph = render(catalog);
		if (this.instructions == null || active.isEmpty()) {
			return paragraph;
		}
		List<String> blocks = new ArrayList<>();
		blocks.add(paragraph);
		blocks.addAll(this.instructions.render(catalog, active, owner));
		return String.join("\n\n", blocks);
	}

	private static String servers(List<String> names) {
		if (names.size() <= MAX_SERVERS) {
			return String.join(", ", names);
		}
		return String.join(", ", names.subList(0, MAX_SERVERS)) + " and " + (names.size() - MAX_SERVERS) + " more";
	}

	/**
	 * Appends the guidance to the first system message, or adds a system message.
	 * @param prompt the prompt to change
	 * @param catalog the current catalog
	 * @param active the session's active tools, in activation order
	 * @param owner the opaque id of the session's identity, or null for none
	 * @return the new prompt
	 */
	Prompt splice(Prompt prompt, CatalogSnapshot catalog, List<String> active, @Nullable String owner) {
		String guidance = render(catalog, active, owner);
		return prompt.augmentSystemMessage((SystemMessage system) -> {
			String text = system.getText();
			String joined = (text == null || text.isBlank()) ? guidance : text + "\n\n" + guidance;
			return system.mutate().text(joined).build();
		});
	}

}
