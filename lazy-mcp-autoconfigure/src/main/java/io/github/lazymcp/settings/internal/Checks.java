package io.github.lazymcp.settings.internal;

import java.time.Duration;

import io.github.lazymcp.settings.InvalidSettingException;
import org.jspecify.annotations.Nullable;

/**
 * The checks settings records share, one wording each; every one throws an
 * {@link InvalidSettingException} naming the component.
 */
public final class Checks {

	private Checks() {
	}

	/**
	 * A value that must be given.
	 * @param <T> the value's type
	 * @param component the record component's name
	 * @param value the value
	 * @return the value
	 */
	public static <T> T set(String component, @Nullable T value) {
		if (value == null) {
			throw new InvalidSettingException(component, null, "must be set");
		}
		return value;
	}

	/**
	 * A duration that must be given and longer than zero.
	 * @param component the record component's name
	 * @param value the value
	 * @return the value
	 */
	public static Duration positive(String component, @Nullable Duration value) {
		Duration given = set(component, value);
		if (given.isZero() || given.isNegative()) {
			throw new InvalidSettingException(component, given, "must be greater than 0");
		}
		return given;
	}

	/**
	 * A duration that must be given and not negative.
	 * @param component the record component's name
	 * @param value the value
	 * @return the value
	 */
	public static Duration notNegative(String component, @Nullable Duration value) {
		Duration given = set(component, value);
		if (given.isNegative()) {
			throw new InvalidSettingException(component, given, "must not be negative");
		}
		return given;
	}

	/**
	 * A count of at least one.
	 * @param component the record component's name
	 * @param value the value
	 */
	public static void positive(String component, int value) {
		if (value < 1) {
			throw new InvalidSettingException(component, value, "must be greater than 0");
		}
	}

	/**
	 * A count of at least zero.
	 * @param component the record component's name
	 * @param value the value
	 */
	public static void notNegative(String component, int value) {
		if (value < 0) {
			throw new InvalidSettingException(component, value, "must not be negative");
		}
	}

	/**
	 * A number of at least zero.
	 * @param component the record component's name
	 * @param value the value
	 */
	public static void notNegative(String component, double value) {
		if (!(value >= 0)) {
			throw new InvalidSettingException(component, value, "must not be negative");
		}
	}

	/**
	 * A number within bounds, both included.
	 * @param component the record component's name
	 * @param value the value
	 * @param min the smallest value allowed
	 * @param max the largest value allowed
	 */
	public static void between(String component, double value, int min, int max) {
		if (!(value >= min && value <= max)) {
			throw new InvalidSettingException(component, value, "must be between %d and %d".formatted(min, max));
		}
	}

	/**
	 * A count within bounds, both included.
	 * @param component the record component's name
	 * @param value the value
	 * @param min the smallest value allowed
	 * @param max the largest value allowed
	 */
	public static void between(String component, int value, int min, int max) {
		if (value < min || value > max) {
			throw new InvalidSettingException(component, value, "must be between %d and %d".formatted(min, max));
		}
	}

}
