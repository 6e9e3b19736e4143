import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';

/**
 * The suites run in a worker thread; a stop of the run (--max-failures, --max-time, a signal)
 * reaches their schedule through a channel of the run's own, so that runs side by side in one
 * process never stop each other.
 */
export function stopChannelName(): string {
  return `otp-conformance:stop:${randomUUID()}`;
}

/** Tells the suites listening on the channel to stop sending. */
export function announceStop(name: string): void {
  const channel = new BroadcastChannel(name);
  channel.postMessage('stop');
  channel.close();
}

/** Calls `stop` when the run is told to stop, until the returned function is called. */
export function listenForStop(name: string, stop: () => void): () => void {
  const channel = new BroadcastChannel(name);
  channel.unref();
  channel.onmessage = () => stop();
  return () => channel.close();
}
