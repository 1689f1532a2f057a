package io.github.lazymcp.identity;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Names the identity a chat request runs under: the user a conversation belongs to. With
 * Spring Security on the classpath, the default is the name of the authenticated
 * principal of the thread that starts the turn; declare a bean to replace it. An advisor
 * parameter {@link io.github.lazymcp.tool.LazyMcpRequest#IDENTITY} set by the application
 * takes precedence over any resolver. The resolver also gives each identity's access
 * token for the per-user servers of capability files ({@link #accessToken}).
 *
 * <p>
 * The resolver runs once per {@code call()} or {@code stream()}, on the thread that makes
 * the call (for {@code stream()}, the thread that subscribes), before any work moves to
 * another thread: what it reads from thread-bound state, such as Spring Security's
 * context, is then carried with the request, its tools' context and its session.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface IdentityResolver {

	/**
	 * The identity of a request.
	 * @param advisorContext the request's advisor parameters
	 * @return the identity's name, or null when the request runs under none (its
	 * conversation is then bound to no one, and refused once it is bound to someone)
	 */
	@Nullable String identity(Map<String, @Nullable Object> advisorContext);

	/**
	 * The access token an identity's connection to a per-user server sends
	 * ({@code per_user = true} in a capability file). It is asked for on every HTTP
	 * request of that connection, on whatever thread the request runs, so return the
	 * current token (refreshed when it expired); for a server started by a command
	 * ({@code token_env}), once, when the identity's process starts. lazy-mcp never
	 * stores or logs it.
	 * @param server the server's connection name
	 * @param identity the identity's name, as {@link #identity} named it
	 * @return the token, or null when the identity has none for the server: its tools of
	 * that server are then unavailable to it, and the model is told so
	 */
	default @Nullable String accessToken(String server, String identity) {
		return null;
	}

	/**
	 * Told that a per-user server refused a token {@link #accessToken} gave (HTTP 401: it
	 * expired before its time or was revoked). A resolver that keeps tokens refreshes or
	 * drops that one here, so that {@link #accessToken} gives a new one; lazy-mcp then
	 * runs the refused call once more. Several calls of one identity may be refused at
	 * once, so refresh only while {@code token} is still the one you would give. The
	 * default does nothing: the call runs once more with whatever {@link #accessToken}
	 * gives then.
	 * @param server the server's connection name
	 * @param identity the identity's name
	 * @param token the token the server refused; never log it
	 */
	default void refused(String server, String identity, String token) {
	}

	/**
	 * A resolver that knows no identity: every request runs under none.
	 */
	IdentityResolver NONE = (context) -> null;

}
