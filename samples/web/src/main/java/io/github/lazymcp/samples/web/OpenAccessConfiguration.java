package io.github.lazymcp.samples.web;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The sample as it runs by default: one person on their own machine, no sign-in. Spring
 * Security is on the class path for the {@code users} profile
 * ({@link UsersConfiguration}); without that profile every request is let through as
 * before.
 */
@Configuration(proxyBeanMethods = false)
@Profile("!users")
class OpenAccessConfiguration {

	@Bean
	SecurityFilterChain openAccess(HttpSecurity http) {
		// No session and no sign-in, so no cross-site request can act for anyone: the
		// page's POST /chat needs no CSRF token.
		http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll()).csrf((csrf) -> csrf.disable());
		return http.build();
	}

}
