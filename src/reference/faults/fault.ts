import type { ServerResponse } from 'node:http';
import { type Operation, findOperation } from '../../catalogue/operations.js';
import type { Severity } from '../../checks/types.js';

/** A deliberate departure from the spec that the reference server can be told to make. */
export interface Fault {
  readonly name: string;
  readonly description: string;
  /** The operation it strikes. */
  readonly operationId: string;
  /** How the kit must report it: which check, at which severity, at `operationId`. */
  readonly expect: { readonly check: string; readonly severity: Severity };
  strikes(operation: Operation, payload: unknown): boolean;
  /** Answers in the fault's way; `body` is what the clean server would have sent. */
  respond(res: ServerResponse, body: unknown, payload: unknown): void;
}

interface FaultFacts {
  readonly name: string;
  readonly description: string;
  readonly operationId: string;
  readonly expect: Fault['expect'];
}

function strikesOperation(operationId: string): Fault['strikes'] {
  if (!findOperation(operationId)) throw new Error(`Fault names unknown operation ${operationId}.`);
  return (operation) => operation.id === operationId;
}

/** A fault that takes over the whole answer: status line, headers, body, or the socket itself. */
export function rawFault(facts: FaultFacts & { respond: Fault['respond'] }): Fault {
  return { ...facts, strikes: strikesOperation(facts.operationId) };
}

type Json = Record<string, unknown>;

/** A fault that rewrites the clean JSON body and sends it as usual. */
export function bodyFault(facts: FaultFacts & { rewrite(body: Json, payload: Json): unknown }): Fault {
  return rawFault({
    ...facts,
    respond(res, body, payload) {
      const rewritten = facts.rewrite(structuredClone(body) as Json, (payload ?? {}) as Json);
      const text = JSON.stringify(rewritten);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(text);
    },
  });
}

/** A fault that rewrites `data` of the clean body. */
export function dataFault(facts: FaultFacts & { rewrite(data: Json, payload: Json): unknown }): Fault {
  return bodyFault({ ...facts, rewrite: (body, payload) => ({ ...body, data: facts.rewrite(body.data as Json, payload) }) });
}

/** A fault that rewrites every record of a page's `list`. */
export function listRecordFault(facts: FaultFacts & { rewrite(record: Json): Json }): Fault {
  return dataFault({
    ...facts,
    rewrite: (data) => ({ ...data, list: (data.list as Json[]).map((record) => facts.rewrite(record)) }),
  });
}

export function without(record: Json, field: string): Json {
  const { [field]: _dropped, ...rest } = record;
  return rest;
}
