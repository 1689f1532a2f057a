package io.github.lazymcp.capability.internal.pool;

import java.util.Objects;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * The identity a connection of a per-user server acts for: the identity's opaque id,
 * which keys the connection (one per server and identity, never shared with another
 * identity), and where its access token comes from. The token is asked for on every HTTP
 * request of the connection, so that a refreshed token goes out from the next request on.
 *
 * @param owner the identity's opaque id
 * @param bearerToken the access token to send now, or null to send none (the server then
 * refuses the request)
 */
public record OnBehalfOf(String owner, Supplier<@Nullable String> bearerToken) {

	public OnBehalfOf {
		Objects.requireNonNull(owner, "owner");
		Objects.requireNonNull(bearerToken, "bearerToken");
	}

	/**
	 * Names the owner, never the token.
	 */
	@Override
	public String toString() {
		return "OnBehalfOf[owner=" + this.owner + "]";
	}

}
