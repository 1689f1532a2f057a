package io.github.lazymcp.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One MCP tool as the catalog knows it.
 *
 * @param name the unique, model-facing name ({@code server__tool})
 * @param server the MCP connection name
 * @param originalName the tool name as the server names it
 * @param title the human-readable name the server gives it, or null
 * @param annotations what the server says the tool does to the world
 * @param definition the definition the model receives (cached: computed once)
 * @param tokens o200k tokens the definition costs per request
 * @param pinned whether it is sent on every request instead of being deferred
 * @param callback executes the tool through the MCP client
 * @since 0.1.0
 */
public record CatalogTool(String name, String server, String originalName, @Nullable String title,
		Annotations annotations, ToolDefinition definition, int tokens, boolean pinned, ToolCallback callback) {

	/**
	 * The model-facing name of a server's tool: {@code server__tool}, with characters
	 * providers reject replaced and cut to the length they accept.
	 * @param server the MCP connection name
	 * @param tool the tool name as the server names it
	 * @return the qualified name, before any suffix that makes it unique
	 */
	public static String qualifiedName(String server, String tool) {
		return ToolNames.qualified(server, tool);
	}

	/**
	 * A tool's behaviour hints as its server declared them (null where it declared
	 * nothing), with the MCP specification's reading of what was left out: a tool is not
	 * read-only, may be destructive, is not idempotent and reaches an open world unless
	 * its server says otherwise. Hints are the server's claims, not guarantees.
	 *
	 * @param readOnlyHint whether the tool changes nothing, as declared
	 * @param destructiveHint whether its changes may destroy something, as declared
	 * @param idempotentHint whether repeating a call with the same arguments changes
	 * nothing more, as declared
	 * @param openWorldHint whether it reaches entities beyond a closed domain, as
	 * declared
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Annotations(@Nullable Boolean readOnlyHint, @Nullable Boolean destructiveHint,
			@Nullable Boolean idempotentHint, @Nullable Boolean openWorldHint) {

		/** A tool whose server declared no hints. */
		public static final Annotations UNDECLARED = new Annotations(null, null, null, null);

		/**
		 * The hints of an MCP tool.
		 * @param annotations the tool's annotations, or null
		 * @return the hints
		 */
		public static Annotations of(McpSchema.@Nullable ToolAnnotations annotations) {
			if (annotations == null) {
				return UNDECLARED;
			}
			return new Annotations(annotations.readOnlyHint(), annotations.destructiveHint(),
					annotations.idempotentHint(), annotations.openWorldHint());
		}

		/**
		 * Whether the tool changes nothing; false unless declared.
		 * @return the reading
		 */
		public boolean readOnly() {
			return Boolean.TRUE.equals(this.readOnlyHint);
		}

		/**
		 * Whether the tool may destroy something: never for a read-only tool, otherwise
		 * true unless declared false.
		 * @return the reading
		 */
		public boolean destructive() {
			return !readOnly() && !Boolean.FALSE.equals(this.destructiveHint);
		}

		/**
		 * Whether repeating a call changes nothing more: always for a read-only tool,
		 * otherwise false unless declared.
		 * @return the reading
		 */
		public boolean idempotent() {
			return readOnly() || Boolean.TRUE.equals(this.idempotentHint);
		}

		/**
		 * Whether the tool reaches an open world; true unless declared false.
		 * @return the reading
		 */
		public boolean openWorld() {
			return !Boolean.FALSE.equals(this.openWorldHint);
		}

		/**
		 * Whether the server declared any hint.
		 * @return true when at least one hint is declared
		 */
		public boolean declared() {
			return !equals(UNDECLARED);
		}

	}

}
