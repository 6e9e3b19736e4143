import { setMaxListeners } from 'node:events';
import { type Operation, wirePath } from '../catalogue/operations.js';
import type { Exchange, Intent } from '../checks/types.js';
import type { Client } from '../client/client.js';
import { LatencyLog } from './latency.js';

/**
 * The calls of one operation. The first timeout (or body past the cap) abandons the operation:
 * calls not yet sent are not sent and calls in flight are cut, so a server that hangs costs one
 * timeout per operation, and one that streams without end one cap of memory per call in flight.
 */
export class OperationSession {
  private readonly abandon = new AbortController();
  /** Calls that went out (abandoned ones are not counted). */
  sent = 0;
  /** How long the answers of the calls that went out took. */
  readonly latency = new LatencyLog();

  constructor(
    private readonly client: Client,
    readonly operation: Operation,
  ) {
    // Every call in flight listens for the abandon: with --concurrency past 10, Node would warn of a leak that is none.
    setMaxListeners(0, this.abandon.signal);
  }

  get abandoned(): boolean {
    return this.abandon.signal.aborted;
  }

  async send(
    intent: Intent,
    path: string,
    payload: unknown,
    body: string | undefined,
    headers?: Readonly<Record<string, string | undefined>>,
  ): Promise<Exchange> {
    const transcript = await this.client.send({
      method: this.operation.method,
      wirePath: wirePath(this.operation),
      body,
      abandon: this.abandon.signal,
      ...(headers ? { headers } : {}),
    });
    if (transcript.failure?.kind !== 'aborted') {
      this.sent++;
      this.latency.record(path, transcript);
    }
    // A body past the cap is a server streaming without end as much as a timeout is one that never answers.
    if (transcript.failure?.kind === 'timeout' || transcript.failure?.kind === 'body-too-large') this.abandon.abort();
    return { ...transcript, operation: this.operation, intent, payload, path };
  }
}
