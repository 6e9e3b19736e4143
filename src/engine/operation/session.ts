import { setMaxListeners } from 'node:events';
import { type Operation, wirePath } from '../../catalogue/operations.js';
import type { Exchange, Intent } from '../../checks/types.js';
import type { Client, ConversationRequest, OutgoingRequest } from '../../client/client.js';
import type { Transcript } from '../../client/exchange.js';
import { extend } from '../../objects.js';
import { LatencyLog } from './latency.js';

/** A call of the HTTP probes: the operation's method and path unless told, with the headers of the documented calls but for those given. */
interface ProbeCall {
  readonly path: string;
  readonly method?: string;
  readonly payload: unknown;
  readonly body: string | undefined;
  /** Replaces the documented headers where given; a value of undefined removes one. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/** One call of a conversation on a connection of its own, in HTTP/1.1 unless told. */
export interface ConversationCall extends ProbeCall {
  readonly httpVersion?: '1.0';
  /** How its answer is judged: as a probe unless told (as the hostile calls are: the server stays on its feet). */
  readonly intent?: 'hostile';
}

/** A probe the pool sends: at the operation's path, with a query after it where given, its field names as told (OutgoingRequest.fieldNames). */
export interface PoolProbe extends ProbeCall {
  /** A query string after the operation's path, without its `?`: none where empty. */
  readonly query?: string;
  readonly fieldNames?: 'title-case';
  readonly bodyCoding?: 'gzip';
}

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
  /** One string for every call: the client looks it up and joins it to the base, and a string made once is hashed once. */
  private readonly wirePath: string;

  /**
   * @param lanes calls of a phase under way at once (the run's concurrency): enough to keep the
   *   pool full, few enough that the rest wait as data rather than as calls in progress.
   * @param cancelled the run's cancel: it abandons the operation as a timeout does.
   */
  constructor(
    private readonly client: Client,
    readonly operation: Operation,
    private readonly lanes: number = 1,
    cancelled?: AbortSignal,
  ) {
    // Every call in flight listens for the abandon: with --concurrency past 10, Node would warn of a leak that is none.
    setMaxListeners(0, this.abandon.signal);
    this.wirePath = wirePath(operation);
    if (cancelled?.aborted) this.abandon.abort();
    else cancelled?.addEventListener('abort', () => this.abandon.abort(), { once: true });
  }

  /**
   * `work` on every item in order, at most `lanes` at once; results in the items' order. An
   * operation of a thousand calls then holds a few in progress, not a thousand suspended calls
   * that each survive the collector until their turn comes.
   */
  async inLanes<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    // One iterator shared by the lanes: each takes the next item as it finishes one.
    const queue = items.entries();
    const lane = async () => {
      for (const [index, item] of queue) results[index] = await work(item, index);
    };
    await Promise.all(Array.from({ length: Math.min(this.lanes, items.length) }, lane));
    return results;
  }

  get abandoned(): boolean {
    return this.abandon.signal.aborted;
  }

  /**
   * Calls of the HTTP probes on a connection of their own, one after another (Client.converse):
   * not counted against the operation's timeout, as each probe is judged alone. Undefined where the
   * client holds no connection of its own (it goes through a proxy).
   */
  converse(calls: readonly ConversationCall[]): Promise<Exchange[] | undefined> {
    return this.onOwnConnection(calls, (requests) => this.client.converse(requests));
  }

  /**
   * Calls of the HTTP probes written at once on a connection of their own, none waiting for an
   * answer (Client.pipeline): an exchange for each call answered before the server closed, in the
   * order written, not counted against the operation's timeout. Undefined through a proxy.
   */
  pipeline(calls: readonly ConversationCall[]): Promise<Exchange[] | undefined> {
    return this.onOwnConnection(calls, (requests) => this.client.pipeline(requests));
  }

  private async onOwnConnection(
    calls: readonly ConversationCall[],
    sending: (requests: readonly ConversationRequest[]) => Promise<Transcript[] | undefined>,
  ): Promise<Exchange[] | undefined> {
    const requests = calls.map((call): ConversationRequest => ({
      method: call.method ?? this.operation.method,
      wirePath: this.wirePath,
      body: call.body,
      abandon: this.abandon.signal,
      place: { of: this.operation.id, call: call.path },
      ...(call.headers ? { headers: call.headers } : {}),
      ...(call.httpVersion ? { httpVersion: call.httpVersion } : {}),
    }));
    const transcripts = await sending(requests);
    if (!transcripts) return undefined;
    // A transcript for each call answered, in the order written: never more than the calls.
    return transcripts.flatMap((transcript, index) => {
      const call = calls[index];
      if (!call) return [];
      if (transcript.failure?.kind !== 'aborted') {
        this.sent++;
        this.latency.record(call.path, transcript);
      }
      return [extend(transcript, { operation: this.operation, intent: call.intent ?? ('http-probe' as const), payload: call.payload, path: call.path })];
    });
  }

  /** A probe of the HTTP probes through the pool, judged alone as the other calls are. */
  probe(call: PoolProbe): Promise<Exchange> {
    const request: OutgoingRequest = {
      method: call.method ?? this.operation.method,
      wirePath: call.query ? `${this.wirePath}?${call.query}` : this.wirePath,
      body: call.body,
      abandon: this.abandon.signal,
      place: { of: this.operation.id, call: call.path },
      ...(call.headers ? { headers: call.headers } : {}),
      ...(call.fieldNames ? { fieldNames: call.fieldNames } : {}),
      ...(call.bodyCoding ? { bodyCoding: call.bodyCoding } : {}),
    };
    return this.sendRequest('http-probe', call.path, call.payload, request);
  }

  async send(
    intent: Intent,
    path: string,
    payload: unknown,
    body: string | undefined,
    headers?: Readonly<Record<string, string | undefined>>,
    at: string = this.wirePath,
  ): Promise<Exchange> {
    const request: OutgoingRequest = {
      method: this.operation.method,
      wirePath: at,
      body,
      abandon: this.abandon.signal,
      place: { of: this.operation.id, call: path },
    };
    return this.sendRequest(intent, path, payload, headers ? extend(request, { headers }) : request);
  }

  private async sendRequest(intent: Intent, path: string, payload: unknown, request: OutgoingRequest): Promise<Exchange> {
    const transcript = await this.client.send(request);
    if (transcript.failure?.kind !== 'aborted') {
      this.sent++;
      this.latency.record(path, transcript);
    }
    // A body past the cap is a server streaming without end as much as a timeout is one that never answers.
    if (transcript.failure?.kind === 'timeout' || transcript.failure?.kind === 'body-too-large') this.abandon.abort();
    return extend(transcript, { operation: this.operation, intent, payload, path });
  }
}
