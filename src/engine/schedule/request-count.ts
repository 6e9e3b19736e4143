import type { Client, ConversationRequest } from '../../client/client.js';
import { extend } from '../../objects.js';

/** Requests of the run so far, for a progress line while it waits. */
export interface RequestProgress {
  /** Answered (or failed) requests. */
  readonly done: number;
  /** Requests handed to the pool so far, answered or not. */
  readonly queued: number;
  /** Requests that left for the server so far (a request waiting for a slot has not). */
  readonly sent: number;
  /** The request waiting longest for its answer, if any is in flight. */
  readonly slowest?: { readonly operation: string; readonly waitingMs: number };
}

/** Counts the requests handed to the client and answered, and knows which are still in flight. */
export function countingClient(client: Client) {
  let done = 0;
  let queued = 0;
  let sent = 0;
  const inFlight = new Map<number, { operation: string; since: number }>();
  /** Requests sent together on a connection of the kit's own (converse, pipeline): in flight from when the first leaves. */
  const onOwnConnection = (requests: readonly ConversationRequest[], sending: Client['converse']) => {
    const ticket = queued;
    queued += requests.length;
    const onSent = () => {
      sent += requests.length;
      inFlight.set(ticket, { operation: requests[0]?.wirePath ?? '', since: performance.now() });
    };
    return sending(requests.map((request, index) => (index === 0 ? extend(request, { onSent }) : request))).then((transcripts) => {
      inFlight.delete(ticket);
      done += requests.length;
      return transcripts;
    });
  };
  const counted: Client = {
    send: (request) => {
      const ticket = queued++;
      // Waiting for a slot is not waiting for the server: the clock of a request starts when it leaves.
      const onSent = () => {
        sent++;
        inFlight.set(ticket, { operation: request.wirePath, since: performance.now() });
      };
      return client.send(extend(request, { onSent })).then((transcript) => {
        inFlight.delete(ticket);
        done++;
        return transcript;
      });
    },
    converse: (requests) => onOwnConnection(requests, (sent) => client.converse(sent)),
    pipeline: (requests) => onOwnConnection(requests, (sent) => client.pipeline(sent)),
    close: () => client.close(),
  };
  const progress = (): RequestProgress => {
    const first = inFlight.values().next().value;
    return {
      done,
      queued,
      sent,
      ...(first ? { slowest: { operation: first.operation, waitingMs: Math.round(performance.now() - first.since) } } : {}),
    };
  };
  return { client: counted, progress };
}
