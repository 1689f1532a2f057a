package io.github.lazymcp.identity.internal;

import java.util.Map;

import io.github.lazymcp.identity.IdentityResolver;
import org.jspecify.annotations.Nullable;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The identity of Spring Security's context on the calling thread: the authenticated
 * principal's name; none when no one, or an anonymous user, is authenticated. Load it
 * only when Spring Security is on the classpath.
 */
public final class SecurityContextIdentity implements IdentityResolver {

	@Override
	public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !authentication.isAuthenticated()
				|| authentication instanceof AnonymousAuthenticationToken) {
			return null;
		}
		String name = authentication.getName();
		return (name == null || name.isBlank()) ? null : name;
	}

}
