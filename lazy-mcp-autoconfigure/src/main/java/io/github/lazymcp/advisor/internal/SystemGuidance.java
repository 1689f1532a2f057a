package io.github.lazymcp.advisor.internal;

import java.util.List;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.tool.internal.ToolSearch;

import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * The paragraph spliced into the system message while tools are deferred: how to use
 * ToolSearch, how many tools wait, and which servers exist. It depends only on the
 * catalog, never on the session's active tools, so it stays byte-identical across the
 * steps of a conversation and does not break provider prompt caches. At most
 * {@value #MAX_SERVERS} server names are listed, then how many more there are: a catalog
 * of hundreds of servers would otherwise pay thousands of tokens on every request for a
 * list the model cannot use better than ToolSearch.
 *
 * @param template the text; {deferred}, {servers} and {tool} are replaced
 */
record SystemGuidance(String template) {

	/** How many server names {servers} lists before it summarises the rest. */
	static final int MAX_SERVERS = 30;

	/**
	 * The guidance for a catalog.
	 * @param catalog the current catalog
	 * @return the paragraph
	 */
	String render(CatalogSnapshot catalog) {
		return this.template.replace("{deferred}", Integer.toString(catalog.deferred().size()))
			.replace("{servers}", servers(catalog.deferredServers()))
			.replace("{tool}", ToolSearch.NAME);
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
	 * @return the new prompt
	 */
	Prompt splice(Prompt prompt, CatalogSnapshot catalog) {
		String guidance = render(catalog);
		return prompt.augmentSystemMessage((SystemMessage system) -> {
			String text = system.getText();
			String joined = (text == null || text.isBlank()) ? guidance : text + "\n\n" + guidance;
			return system.mutate().text(joined).build();
		});
	}

}
