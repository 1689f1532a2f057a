/**
 * The tool searches a user would pick instead of lazy-mcp, as the replay's scripted model
 * meets them: LangChain4j's, run for real; Spring AI's tool search advisor and
 * Anthropic's tool search tool, emulated (their artifacts are not served here) and
 * labelled so.
 */
@NullMarked
package io.github.lazymcp.benchmarks.peers;

import org.jspecify.annotations.NullMarked;
