package io.github.lazymcp.identity.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * An identity as sessions, endpoints and logs show it: the first 16 hex digits of the
 * SHA-256 of its name, prefixed {@code id-}. The same name gives the same id on every
 * instance, so a conversation keeps its owner when it moves between instances; the name
 * itself is stored and shown nowhere.
 */
public final class OpaqueIds {

	private static final int HEX_DIGITS = 16;

	private OpaqueIds() {
	}

	/**
	 * The opaque id of an identity.
	 * @param name the identity's name
	 * @return its id
	 */
	public static String of(String name) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
			return "id-" + HexFormat.of().formatHex(digest).substring(0, HEX_DIGITS);
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform has SHA-256.
			throw new IllegalStateException(ex);
		}
	}

}
