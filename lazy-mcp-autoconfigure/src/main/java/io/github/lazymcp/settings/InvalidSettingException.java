package io.github.lazymcp.settings;

import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

/**
 * A value a settings record can never hold: which component, the value, and the rule it
 * breaks, so that whoever made the record can tell which setting to change without
 * reading the message. The auto-configuration maps {@link #component()} to the property
 * behind it; code that builds settings records by hand can catch this exception the same
 * way.
 *
 * <p>
 * A rule that relates two components of one record (a maximum below a minimum) is thrown
 * for the component to change, and names the other one ({@link #related()}) in its
 * {@link #rule()}, with that component's value: {@code maxBackoff must not be shorter
 * than initialBackoff (PT5S) but was PT1S}.
 *
 * @since 0.1.0
 */
public final class InvalidSettingException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String component;

	private final transient @Nullable Object value;

	private final String requirement;

	private final @Nullable String related;

	private final transient @Nullable Object relatedValue;

	private InvalidSettingException(String component, @Nullable Object value, String requirement,
			@Nullable String related, @Nullable Object relatedValue) {
		super(describe(component, value, rule(requirement, related, relatedValue)));
		this.component = component;
		this.value = value;
		this.requirement = requirement;
		this.related = related;
		this.relatedValue = relatedValue;
	}

	/**
	 * A value that breaks a rule of its own.
	 * @param component the record component's name, for example {@code maxSessions}
	 * @param value the value it was given, or null when it was given none
	 * @param rule what the value must be, in words: {@code must be greater than 0}
	 */
	public InvalidSettingException(String component, @Nullable Object value, String rule) {
		this(component, value, rule, null, null);
	}

	/**
	 * A value that breaks a rule relating it to another component of the same record.
	 * @param component the component to change
	 * @param value the value it was given
	 * @param relation how it must relate to the other, in words:
	 * {@code must not be shorter than}
	 * @param related the other component's name
	 * @param relatedValue the other component's value
	 * @return the exception
	 */
	public static InvalidSettingException against(String component, @Nullable Object value, String relation,
			String related, @Nullable Object relatedValue) {
		return new InvalidSettingException(component, value, relation, related, relatedValue);
	}

	/**
	 * The record component whose value is wrong.
	 * @return its name, as the record declares it
	 */
	public String component() {
		return this.component;
	}

	/**
	 * The value the component was given.
	 * @return the value, or null when it was given none
	 */
	public @Nullable Object value() {
		return this.value;
	}

	/**
	 * The other component a relating rule names.
	 * @return its name, or null when the rule is the value's own
	 */
	public @Nullable String related() {
		return this.related;
	}

	/**
	 * What the value must be, in words, naming components as the record declares them.
	 * @return the rule, for example {@code must be greater than 0}
	 */
	public String rule() {
		return rule(UnaryOperator.identity());
	}

	/**
	 * What the value must be, naming the related component another way, for example by
	 * the property that sets it.
	 * @param naming the name to use for a component
	 * @return the rule
	 */
	public String rule(UnaryOperator<String> naming) {
		return rule(this.requirement, (this.related != null) ? naming.apply(this.related) : null, this.relatedValue);
	}

	/**
	 * This exception's message with components named another way: the component, the rule
	 * and the value it was given.
	 * @param naming the name to use for a component
	 * @return the message
	 */
	public String describe(UnaryOperator<String> naming) {
		return describe(naming.apply(this.component), this.value, rule(naming));
	}

	private static String rule(String requirement, @Nullable String related, @Nullable Object relatedValue) {
		return (related != null) ? requirement + " " + related + " (" + show(relatedValue) + ")" : requirement;
	}

	private static String describe(String component, @Nullable Object value, String rule) {
		return component + " " + rule + ((value != null) ? " but was " + show(value) : "");
	}

	private static String show(@Nullable Object value) {
		return (value instanceof CharSequence text) ? "'" + text + "'" : String.valueOf(value);
	}

}
