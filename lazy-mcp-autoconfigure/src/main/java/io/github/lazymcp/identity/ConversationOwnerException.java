package io.github.lazymcp.identity;

/**
 * A chat request named a conversation that belongs to another identity. A conversation is
 * bound to the identity of its first request that had one; a request for it under another
 * identity, or under none, is refused before anything of the conversation is read or
 * sent. Nothing of the conversation changes. Map it to a 403 (or 404, so as not to say
 * the conversation exists) in a web application.
 *
 * @since 0.1.0
 */
public final class ConversationOwnerException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/**
	 * The refusal. Its message names neither the conversation nor either identity.
	 */
	public ConversationOwnerException() {
		super("This conversation belongs to another user: a conversation is bound to the identity of its first "
				+ "request. Start a new conversation (a new conversation id) for this user.");
	}

}
