/**
 * The web sample: a chat page with a live activation panel.
 */
@NullMarked
package io.github.lazymcp.samples.web;

import org.jspecify.annotations.NullMarked;
