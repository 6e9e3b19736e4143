/** A flow's step as the engine hands it over: a call of an operation the self-check knows, answered 200 with a JSON body. */
import type { Exchange } from '../../src/checks/types.js';
import { findSelfCheckOperation } from '../mutation-set/run-against.js';
import type { Json } from '../../src/reference/json.js';

export function flowExchange(operationId: string, payload: Record<string, unknown>, body: Json): Exchange {
  const operation = findSelfCheckOperation(operationId)!;
  const request = { method: operation.method, url: `http://127.0.0.1:9${operation.path}`, headers: {}, body: JSON.stringify(payload) };
  const bodyText = JSON.stringify(body);
  return {
    operation,
    payload,
    intent: 'flow',
    path: 'flow:test',
    request,
    durationMs: 1,
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText, json: { ok: true, value: JSON.parse(bodyText) } },
  };
}
