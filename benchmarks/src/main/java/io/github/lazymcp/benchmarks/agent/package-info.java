/**
 * The scripted agent: a model whose moves are scripted from a task's expected calls,
 * driving lazy-mcp's real tools and advisors; what it saw and did in each task.
 */
@NullMarked
package io.github.lazymcp.benchmarks.agent;

import org.jspecify.annotations.NullMarked;
