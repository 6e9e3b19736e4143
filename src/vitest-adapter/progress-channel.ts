import { BroadcastChannel } from 'node:worker_threads';
import type { RequestProgress } from '../engine/schedule/request-count.js';
import type { RunningChecks } from '../engine/schedule/run-plan.js';

/** The suites run in a worker thread; their request counts reach the CLI's progress line through this channel. */
const CHANNEL = 'otp-conformance:request-progress';
const EVERY_MS = 250;

/** Posts the run's request progress a few times a second until the returned function is called. */
export function postProgress(running: RunningChecks): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  const post = () => channel.postMessage(running.progress());
  const timer = setInterval(post, EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    post();
    channel.close();
  };
}

/** Calls `heard` with each progress the suites post, until the returned function is called. */
export function listenToProgress(heard: (progress: RequestProgress) => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = (event) => heard((event as { data: RequestProgress }).data);
  return () => channel.close();
}
