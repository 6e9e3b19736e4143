import fc from 'fast-check';
import { findOperation } from '../../src/catalogue/operations.js';
import type { Exchange, Intent } from '../../src/checks/types.js';
import type { TransportFailure } from '../../src/client/exchange.js';
import { validPayload } from '../../src/generators/payloads.js';
import { handle } from '../../src/reference/handlers.js';
import { seedState } from '../../src/reference/seed.js';
import { HANDLER_CONTEXT } from './handler-context.js';

export interface ExchangeShape {
  readonly payload?: unknown;
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as it is. */
  readonly body?: unknown;
  readonly failure?: TransportFailure;
  readonly noResponse?: boolean;
  readonly intent?: Intent;
  /** Defaults to `<intent>:0`. */
  readonly path?: string;
  /** Request header overrides, e.g. for an auth probe. */
  readonly requestHeaders?: Record<string, string>;
}

/** The Date every answer of an origin server with a clock carries (RFC 9110 §6.6.1). */
export const HTTP_DATE = 'Sun, 22 Nov 2026 02:00:00 GMT';

/** A generated valid payload for the operation, fixed by seed. */
export function samplePayload(operationId: string, seed = 7): Record<string, unknown> {
  return fc.sample(validPayload(operationId), { seed, numRuns: 1 })[0]!;
}

/** What the clean reference server answers to the payload. */
export function cleanBody(operationId: string, payload: unknown): Record<string, unknown> {
  return handle(operationId, payload, seedState(), HANDLER_CONTEXT) as Record<string, unknown>;
}

/** An exchange as the engine would build it, by default the clean server's answer to a sample payload. */
export function exchangeOf(operationId: string, shape: ExchangeShape = {}): Exchange {
  const operation = findOperation(operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  const payload = shape.payload ?? samplePayload(operationId);
  const body = 'body' in shape ? shape.body : cleanBody(operationId, payload);
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  let json: Exchange['response'] extends infer R ? (R extends { json: infer J } ? J : never) : never;
  try {
    json = { ok: true, value: JSON.parse(bodyText) };
  } catch (error) {
    json = { ok: false, reason: (error as Error).message };
  }
  const requestBody = JSON.stringify(payload);
  const intent = shape.intent ?? 'conforming';
  return {
    operation,
    payload,
    intent,
    path: shape.path ?? `${intent}:0`,
    request: {
      method: 'POST',
      url: `http://127.0.0.1:9${operation.pathStyle === 'double-slash' ? '/' : ''}${operation.path}`,
      headers: { 'content-type': 'application/json', authorization: 'bearerT0KEN', ...shape.requestHeaders },
      body: typeof shape.payload === 'string' ? shape.payload : requestBody,
    },
    ...(shape.noResponse
      ? {}
      : {
          response: {
            status: shape.status ?? 200,
            headers: shape.headers ?? { 'content-type': 'application/json', date: HTTP_DATE },
            bodyText,
            json: shape.failure ? { ok: false, reason: 'body incomplete' } : json,
          },
        }),
    ...(shape.failure ? { failure: shape.failure } : {}),
    durationMs: 1,
  };
}
