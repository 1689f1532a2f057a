package io.github.lazymcp.learning.internal;

/**
 * What this instance observed of one tool's calls.
 *
 * @param calls how many calls were observed, successful or not
 * @param successRate the share of them that succeeded, between 0 and 1
 * @param p95LatencyMs the 95th percentile of the latest calls' durations, in milliseconds
 */
public record ToolPrior(long calls, double successRate, long p95LatencyMs) {

}
