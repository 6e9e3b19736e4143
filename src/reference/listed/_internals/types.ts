import type { Outcome } from '../../handlers/answer.js';
import type { ReferenceState } from '../../records.js';

/** What the server knows besides its state: the token it accepts and the credentials that get it. */
export interface ListedContext {
  readonly token: string;
  readonly credentials: { readonly mobile: string; readonly password: string };
}

/** One operation of 4.1. GET operations get `undefined`: they have no body. */
export type ListedHandler = (payload: unknown, state: ReferenceState, context: ListedContext) => Outcome;

/** Handlers by listed operation id (src/catalogue/listed-operations.ts). */
export type ListedHandlers = Readonly<Record<string, ListedHandler>>;
