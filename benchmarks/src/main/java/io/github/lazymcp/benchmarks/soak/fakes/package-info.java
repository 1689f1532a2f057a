/**
 * The soak's stand-ins: the scripted model speaking OpenAI's Chat Completions API, the
 * model's next move in a conversation, the tool arguments it sends and what it reads from
 * tool results.
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak.fakes;

import org.jspecify.annotations.NullMarked;
