import type { IncomingMessage, ServerResponse } from 'node:http';
import { findListedOperation } from '../../catalogue/listed-operations.js';
import { type Operation, findOperation } from '../../catalogue/operations.js';
import type { Severity } from '../../checks/types.js';

/** A deliberate departure from the spec that the reference server can be told to make. */
export interface Fault {
  readonly name: string;
  readonly description: string;
  /** The operation it strikes: one of section 4, or one of 4.1 at the reference server's path. */
  readonly operationId: string;
  /**
   * How the kit must report it: which check, at which severity, at `operationId` — or at `at`, where
   * another operation's answer shows it (a delete that deletes nothing shows in the list).
   */
  readonly expect: { readonly check: string; readonly severity: Severity; readonly at?: string };
  /** Whether it changes the answer to this call (after routing, auth and parsing). */
  strikes(operation: Operation, payload: unknown): boolean;
  /** Answers in the fault's way; `body` is what the clean server would have sent. */
  respond(res: ServerResponse, body: unknown, payload: unknown): void;
  /** Takes over a request before routing; true when it answered. */
  intercept?(req: IncomingMessage, res: ServerResponse): boolean;
  /** Replaces the server's rule for the `authorization` header at the fault's operation. */
  authorizes?(header: string | undefined, token: string): boolean;
}

interface FaultFacts {
  readonly name: string;
  readonly description: string;
  readonly operationId: string;
  readonly expect: Fault['expect'];
}

function strikesOperation(operationId: string): Fault['strikes'] {
  if (!findOperation(operationId) && !findListedOperation(operationId)) throw new Error(`Fault names unknown operation ${operationId}.`);
  return (operation) => operation.id === operationId;
}

/** A fault that takes over the whole answer: status line, headers, body, or the socket itself. */
export function rawFault(facts: FaultFacts & { respond: Fault['respond'] }): Fault {
  return { ...facts, strikes: strikesOperation(facts.operationId) };
}

type Json = Record<string, unknown>;

/** A fault in how requests are let in: routing or authorization, not the answer. */
export function gateFault(facts: FaultFacts & Pick<Fault, 'intercept' | 'authorizes'>): Fault {
  return {
    ...facts,
    strikes: () => false,
    respond: () => {
      throw new Error(`Fault ${facts.name} does not rewrite answers.`);
    },
  };
}

/** A fault that answers some calls its own way and leaves the others clean. */
export function inputFault(facts: FaultFacts & { when(payload: unknown): boolean; respond: Fault['respond'] }): Fault {
  const onOperation = strikesOperation(facts.operationId);
  return { ...facts, strikes: (operation, payload) => onOperation(operation, payload) && facts.when(payload) };
}

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

/** A fault that rewrites every record of a page's `list`, or leaves some out. */
export function listRecordFault(facts: FaultFacts & { rewrite?(record: Json): Json; keep?(record: Json): boolean }): Fault {
  const keep = facts.keep ?? (() => true);
  const rewrite = facts.rewrite ?? ((record: Json) => record);
  return dataFault({
    ...facts,
    rewrite: (data) => ({ ...data, list: (data.list as Json[]).filter(keep).map(rewrite) }),
  });
}

export function without(record: Json, field: string): Json {
  const { [field]: _dropped, ...rest } = record;
  return rest;
}

/** Every string inside a payload, keys included. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
}

/** HTTP 500 with a bare body, as a server that crashed answers. */
export function internalError(res: Parameters<Fault['respond']>[0], body: string, contentType = 'text/plain'): void {
  res.writeHead(500, { 'content-type': contentType });
  res.end(body);
}

/** A server that crashes (HTTP 500) on the inputs `when` picks: the http-status check must say so (4 rule 1). */
export function crashFault({
  body = 'Internal Server Error',
  contentType,
  ...facts
}: Omit<FaultFacts, 'expect'> & { when(payload: unknown): boolean; body?: string; contentType?: string }): Fault {
  return inputFault({ ...facts, expect: { check: 'http-status', severity: 'error' }, respond: (res) => internalError(res, body, contentType) });
}
