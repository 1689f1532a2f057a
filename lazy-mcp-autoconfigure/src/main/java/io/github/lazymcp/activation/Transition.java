package io.github.lazymcp.activation;

/**
 * A new activation set value together with what the change reports to its caller.
 * {@code next} is the very same instance as the input when nothing changed, so callers
 * can skip publishing it.
 *
 * @param next the value after the change
 * @param report what the caller is told about the change
 * @param <R> the report type
 */
record Transition<R>(ActivationSet next, R report) {

}
