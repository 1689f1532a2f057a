package io.github.lazymcp.it;

import java.util.concurrent.Callable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * One user turn in a running test app, through the app's own {@link ChatClient}, and
 * Spring Security's context of a signed-in user around it.
 */
final class Turns {

	private Turns() {
	}

	/**
	 * A user message in a conversation, as {@code call()}.
	 * @param app the running app
	 * @param conversation the conversation id
	 * @param message the user's words
	 * @return the answer
	 */
	static String chat(ConfigurableApplicationContext app, String conversation, String message) {
		return app.getBean(ChatClient.Builder.class)
			.build()
			.prompt()
			.user(message)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	/**
	 * Runs an action with a user signed in on this thread, as a web request of theirs
	 * would, and signs them out after it.
	 * @param <T> what the action gives
	 * @param user the user's name
	 * @param action the action
	 * @return what it gave
	 * @throws Exception what it threw
	 */
	static <T> T signedIn(String user, Callable<T> action) throws Exception {
		SecurityContextHolder.getContext()
			.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, "n/a",
					AuthorityUtils.createAuthorityList("ROLE_USER")));
		try {
			return action.call();
		}
		finally {
			SecurityContextHolder.clearContext();
		}
	}

}
