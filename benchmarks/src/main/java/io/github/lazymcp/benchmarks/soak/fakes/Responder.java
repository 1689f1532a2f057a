package io.github.lazymcp.benchmarks.soak.fakes;

import tools.jackson.databind.JsonNode;

/**
 * Plays the model for one conversation id.
 */
public interface Responder {

	/**
	 * Answers one model request.
	 * @param body the request
	 * @return the model's move
	 */
	Move respond(JsonNode body);

	/**
	 * Counts the time one model request took towards the current turn.
	 * @param nanos the time
	 */
	default void modelTime(long nanos) {
	}

}
