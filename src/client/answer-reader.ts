import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { type BodyRead, BodyReadError, contentCodings, keep, readBody, type Sink } from './decode.js';
import { joinFieldLines } from './field-lines.js';

/** The status line and headers of an answer, the field lines of one name joined as field-lines.ts says (Set-Cookie's apart). */
export interface AnswerHead {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/** The answer failed after its head arrived (`head`) or before (none); `cause` says how. */
export class AnswerError extends Error {
  override readonly name = 'AnswerError';
  constructor(
    cause: Error,
    readonly head: AnswerHead | undefined,
    /** The body received before the failure, decoded where it could be. */
    readonly partial: Buffer,
  ) {
    super(cause.message, { cause });
  }
}

function joinedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) joined[name] = Array.isArray(value) ? joinFieldLines(name, value) : value;
  }
  return joined;
}

/**
 * One request's answer, read through undici's handler interface: the body's chunks come straight
 * from the parser, with no stream or request object per call, and the request can be cut at any
 * time, even before it has a connection. A plain body is gathered here up to the cap; an encoded
 * one is handed to `readBody`, which undoes its coding as it streams.
 */
export class AnswerReader implements Dispatcher.DispatchHandler {
  /** Settles once with the head and the body, or an AnswerError. */
  readonly answer: Promise<{ head: AnswerHead; read: BodyRead }>;
  private settle!: (outcome: { head: AnswerHead; read: BodyRead } | AnswerError) => void;
  private settled = false;
  private controller: Dispatcher.DispatchController | undefined;
  /** Why the request was cut before it had a controller to cut it with. */
  private cutBefore: Error | undefined;
  private head: AnswerHead | undefined;
  private readonly body: Sink = { chunks: [], received: 0 };
  /** The body ended or failed: the request needs no cutting any more. */
  private done = false;
  /** Set for an encoded body: its bytes go through `readBody`, which reads them from here. */
  private encoded: Readable | undefined;
  /** What `hold` returned for the head, if the body was held. */
  private heldFor: Promise<void> | undefined;
  /** The body is held and its wait has not ended: nothing may resume the request. */
  private holding = false;

  /**
   * @param cap bodies longer than this (decoded) are cut, and their first bytes kept.
   * @param hold told of a head whose body is to wait (a declared large body): the body is not read
   *   until the promise it returns settles, and `held` gives that promise back to the caller.
   */
  constructor(
    private readonly cap: number,
    private readonly hold: (head: AnswerHead) => Promise<void> | undefined,
  ) {
    this.answer = new Promise((resolve, reject) => {
      this.settle = (outcome) => {
        if (this.settled) return;
        this.settled = true;
        if (outcome instanceof AnswerError) reject(outcome);
        else resolve(outcome);
      };
    });
  }

  /** The wait the body was held for, if `hold` gave one: it may still be pending when the answer has failed. */
  get held(): Promise<void> | undefined {
    return this.heldFor;
  }

  /** Cuts the request wherever it is: waiting for a connection, sent, or reading its body. */
  cut(reason: Error): void {
    if (this.controller) this.controller.abort(reason);
    else {
      this.cutBefore = reason;
      this.settle(new AnswerError(reason, undefined, Buffer.alloc(0)));
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cutBefore) controller.abort(this.cutBefore);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    // 1xx answers are interim (RFC 9110 §15.2): the final one follows on the same request.
    if (statusCode < 200) return;
    const head: AnswerHead = { status: statusCode, headers: joinedHeaders(headers) };
    this.head = head;
    const waiting = this.hold(head);
    if (waiting) {
      this.heldFor = waiting;
      this.holding = true;
      controller.pause();
      void waiting.then(() => {
        this.holding = false;
        controller.resume();
      });
    }
    const encoding = head.headers['content-encoding'];
    if (contentCodings(encoding).length > 0) this.readEncoded(controller, head, encoding);
  }

  private readEncoded(controller: Dispatcher.DispatchController, head: AnswerHead, encoding: string | undefined): void {
    // readBody asks for bytes as soon as it listens: a held body keeps it waiting until its wait ends.
    const raw = new Readable({
      read: () => {
        if (!this.holding) controller.resume();
      },
    });
    this.encoded = raw;
    // readBody destroys the stream when the decoded body passes the cap: the request goes with it.
    raw.once('close', () => {
      if (!this.done) controller.abort(new Error('body cut at the cap'));
    });
    readBody(raw, encoding, this.cap).then(
      (read) => this.settle({ head, read }),
      (error: unknown) => {
        const failure = error instanceof BodyReadError ? error : new BodyReadError(Buffer.alloc(0), error as Error);
        this.settle(new AnswerError(failure.cause as Error, head, failure.partial));
      },
    );
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.encoded) {
      if (!this.encoded.push(chunk)) controller.pause();
      return;
    }
    // undici tells the head before any of the body.
    if (keep(this.body, chunk, this.cap) || !this.head) return;
    this.settle({ head: this.head, read: { bytes: Buffer.concat(this.body.chunks), complete: false } });
    controller.abort(new Error('body cut at the cap'));
  }

  onResponseEnd(): void {
    this.done = true;
    if (this.encoded) {
      this.encoded.push(null);
      return;
    }
    const { chunks, received } = this.body;
    const [only, ...more] = chunks;
    if (!this.head) return;
    this.settle({ head: this.head, read: { bytes: only && more.length === 0 ? only : Buffer.concat(chunks, received), complete: true } });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.done = true;
    if (this.encoded) {
      this.encoded.destroy(error);
      return;
    }
    this.settle(new AnswerError(error, this.head, Buffer.concat(this.body.chunks)));
  }
}
