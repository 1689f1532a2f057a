package io.github.lazymcp.benchmarks.product;

/**
 * A command needed the embedding model and did not have it for every search. The product
 * then ranks with BM25 and logs a warning; a benchmark must not, since it would print
 * BM25's figures under the name of the ranker asked for.
 * {@link io.github.lazymcp.benchmarks.Main} prints the message and exits with status
 * {@value #EXIT_STATUS}.
 */
public final class ModelNotLoadedException extends RuntimeException {

	/** The exit status of a command that stopped for this reason. */
	public static final int EXIT_STATUS = 3;

	public ModelNotLoadedException(String message) {
		super(message);
	}

	public ModelNotLoadedException(String message, Throwable cause) {
		super(message, cause);
	}

}
