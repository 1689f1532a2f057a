package io.github.lazymcp.benchmarks.soak.load;

/**
 * Lets the conversations pause between turns, so that the harness can take its samples
 * with no turn in flight, and stop. Thread-safe.
 */
public final class TurnBarrier {

	private boolean open = true;

	private boolean stopped;

	private int inFlight;

	/**
	 * Waits until turns may run, and counts one turn in flight.
	 * @return false once the gate is stopped: the caller ends
	 */
	synchronized boolean enter() {
		while (!this.open && !this.stopped) {
			try {
				wait();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		if (this.stopped) {
			return false;
		}
		this.inFlight++;
		return true;
	}

	/**
	 * Counts one turn as done.
	 */
	synchronized void exit() {
		this.inFlight--;
		notifyAll();
	}

	/**
	 * Lets no new turn start and waits for those in flight.
	 * @throws InterruptedException when interrupted while waiting
	 */
	public synchronized void close() throws InterruptedException {
		this.open = false;
		while (this.inFlight > 0) {
			wait();
		}
	}

	public synchronized void open() {
		this.open = true;
		notifyAll();
	}

	/**
	 * Ends every conversation after its current turn, and waits for them.
	 * @throws InterruptedException when interrupted while waiting
	 */
	public synchronized void stop() throws InterruptedException {
		this.stopped = true;
		notifyAll();
		while (this.inFlight > 0) {
			wait();
		}
	}

	synchronized boolean stopped() {
		return this.stopped;
	}

}
