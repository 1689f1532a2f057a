package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.OAuth2ClientIdentity;
import io.github.lazymcp.identity.internal.SecurityContextIdentity;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;

/**
 * The identity resolver with Spring Security's OAuth2 client: per-user servers' tokens
 * are the users' authorized clients of the registration named like each server, refreshed
 * with their refresh tokens outside web requests. Loaded only when the OAuth2 client is
 * on the class path.
 */
final class OAuth2Credentials {

	private OAuth2Credentials() {
	}

	/**
	 * The resolver over the application's client registrations and authorized clients, or
	 * Spring Security's principal alone when it has none.
	 * @param beans where the registrations and the authorized-client service are
	 * @return the resolver
	 */
	static IdentityResolver resolver(BeanFactory beans) {
		ClientRegistrationRepository registrations = beans.getBeanProvider(ClientRegistrationRepository.class)
			.getIfAvailable();
		OAuth2AuthorizedClientService clients = beans.getBeanProvider(OAuth2AuthorizedClientService.class)
			.getIfAvailable();
		if (registrations == null || clients == null) {
			return new SecurityContextIdentity();
		}
		return new OAuth2ClientIdentity(registrations, clients, new SecurityContextIdentity());
	}

}
