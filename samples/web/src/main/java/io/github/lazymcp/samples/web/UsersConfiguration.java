package io.github.lazymcp.samples.web;

import java.util.Set;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;

import static org.springframework.security.config.Customizer.withDefaults;

/**
 * Two users and their own notes server (the {@code users} profile). The app is both an
 * OAuth 2.0 authorization server (Spring Security's, with the client {@code sample-web}
 * registered in {@code application-users.yml}) and its client: opening the page starts
 * the authorization-code flow of the registration {@code notes}, the user signs in as
 * {@code alice} or {@code bob} and chooses on the consent page which scopes the app may
 * use. lazy-mcp's OAuth2 client resolver then connects the per-user server {@code notes}
 * ({@code lazy-mcp/users/notes.toml}) once per user with that user's access token, so
 * each sees the tools their own grant allows. Demo accounts with fixed passwords: never
 * run this profile anywhere but your own machine.
 */
@Configuration(proxyBeanMethods = false)
@Profile("users")
class UsersConfiguration {

	/**
	 * The client registration whose sign-in opens the page and whose token notes takes.
	 */
	static final String SIGN_IN = "/oauth2/authorization/notes";

	/**
	 * The authorization server: its endpoints and its sign-in page ({@code /login},
	 * Spring Security's form).
	 */
	@Bean
	@Order(1)
	SecurityFilterChain authorizationServer(HttpSecurity http) {
		http.oauth2AuthorizationServer((server) -> {
			http.securityMatcher(new OrRequestMatcher(server.getEndpointsMatcher(),
					PathPatternRequestMatcher.withDefaults().matcher("/login")));
			server.oidc(withDefaults());
		});
		http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated()).formLogin(withDefaults());
		MediaTypeRequestMatcher pages = new MediaTypeRequestMatcher(MediaType.TEXT_HTML);
		pages.setIgnoredMediaTypes(Set.of(MediaType.ALL));
		http.exceptionHandling((exceptions) -> exceptions
			.defaultAuthenticationEntryPointFor(new LoginUrlAuthenticationEntryPoint("/login"), pages));
		return http.build();
	}

	/**
	 * The page, the chat and the actuator: signed-in users only. Opening the page signed
	 * out starts the authorization-code flow; after it the page opens again, whatever was
	 * asked first. The page sends the CSRF token of the {@code XSRF-TOKEN} cookie with
	 * its POST.
	 */
	@Bean
	@Order(2)
	SecurityFilterChain app(HttpSecurity http) {
		http.authorizeHttpRequests(
				(requests) -> requests.requestMatchers("/login", "/error").permitAll().anyRequest().authenticated())
			.formLogin(withDefaults())
			.oauth2Login((login) -> login.loginPage(SIGN_IN).defaultSuccessUrl("/", true))
			.exceptionHandling(
					(exceptions) -> exceptions.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint(SIGN_IN)))
			.csrf((csrf) -> csrf.spa());
		return http.build();
	}

	/** The two demo users of the authorization server's sign-in page. */
	@Bean
	UserDetailsService users() {
		return new InMemoryUserDetailsManager(User.withUsername("alice").password("{noop}alice-password").build(),
				User.withUsername("bob").password("{noop}bob-password").build());
	}

}
