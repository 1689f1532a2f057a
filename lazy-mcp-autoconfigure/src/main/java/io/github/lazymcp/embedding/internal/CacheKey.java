package io.github.lazymcp.embedding.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The SHA-256 of a model id and a text: the identity of a cached vector. The id is
 * length-prefixed so that no (id, text) pair can be spelled as another.
 */
final class CacheKey {

	private final byte[] bytes;

	CacheKey(byte[] bytes) {
		this.bytes = bytes;
	}

	static CacheKey of(String modelId, String text) {
		byte[] id = modelId.getBytes(StandardCharsets.UTF_8);
		MessageDigest digest = sha256();
		digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(id.length).array());
		digest.update(id);
		digest.update(text.getBytes(StandardCharsets.UTF_8));
		return new CacheKey(digest.digest());
	}

	static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform must support SHA-256", ex);
		}
	}

	byte[] bytes() {
		return this.bytes;
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return (other instanceof CacheKey key) && Arrays.equals(this.bytes, key.bytes);
	}

	@Override
	public int hashCode() {
		return Arrays.hashCode(this.bytes);
	}

}
