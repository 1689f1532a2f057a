package io.github.lazymcp.capability.internal.pool;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * The identity a connection of a per-user server acts for: the identity's opaque id,
 * which keys the connection (one per server and identity, never shared with another
 * identity), where its access token comes from, and whom to tell when the server refuses
 * it. The token is asked for on every HTTP request of the connection, so that a refreshed
 * token goes out from the next request on; the last one asked for is kept (in memory
 * only) so that a refusal names the token refused.
 */
public final class OnBehalfOf {

	/** Why an identity with no token for a per-user server cannot be connected to it. */
	public static final String NO_TOKEN = "this user has no access token for it; ask the user to connect their account";

	private final String owner;

	private final Supplier<@Nullable String> tokens;

	private final Consumer<String> refused;

	private volatile @Nullable String sent;

	/**
	 * The identity and its credentials.
	 * @param owner the identity's opaque id
	 * @param tokens the access token to send now, or null to send none (the server then
	 * refuses the request)
	 * @param refused told the token the server refused (HTTP 401), so that the next one
	 * asked for can be a new one
	 */
	public OnBehalfOf(String owner, Supplier<@Nullable String> tokens, Consumer<String> refused) {
		this.owner = Objects.requireNonNull(owner, "owner");
		this.tokens = Objects.requireNonNull(tokens, "tokens");
		this.refused = Objects.requireNonNull(refused, "refused");
	}

	/**
	 * The identity's opaque id.
	 * @return the id
	 */
	public String owner() {
		return this.owner;
	}

	/**
	 * The token to put on a request now.
	 * @return the token, or null for none
	 */
	@Nullable String bearerToken() {
		String token = this.tokens.get();
		this.sent = token;
		return token;
	}

	/**
	 * Tells the credentials that the server refused the token sent last.
	 */
	void refused() {
		String token = this.sent;
		if (token != null) {
			this.refused.accept(token);
		}
	}

	/**
	 * Names the owner, never the token.
	 */
	@Override
	public String toString() {
		return "OnBehalfOf[owner=" + this.owner + "]";
	}

}
