/**
 * The bill of a conversation: every request's tools, system text and messages counted in
 * tokens as sent, and priced under provider prompt caching.
 */
@NullMarked
package io.github.lazymcp.benchmarks.bill;

import org.jspecify.annotations.NullMarked;
