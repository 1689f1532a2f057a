package io.github.lazymcp.activation;

/**
 * Session state could not be read or written now (the database is unreachable, for
 * instance). Nothing was changed; the same call may succeed later.
 *
 * @since 0.1.0
 */
public class SessionStoreException extends RuntimeException {

	/**
	 * Creates the exception.
	 * @param message what could not be done
	 * @param cause why
	 */
	public SessionStoreException(String message, Throwable cause) {
		super(message, cause);
	}

}
