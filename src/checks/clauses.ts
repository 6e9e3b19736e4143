import { readFileSync } from 'node:fs';

/** A clause of the spec: its section and its sentences, verbatim (see CheckDefinition.quote). */
export interface Clause {
  /** The spec section, e.g. "4 rule 1". */
  readonly rule: string;
  /** The spec's sentences, verbatim. */
  readonly quote: string;
}

/** The clauses of clauses.json, by name. */
export type ClauseName =
  | 'answers-200-envelope'
  | 'authorization-and-refusal'
  | 'authorization-and-token-lifetime'
  | 'authorization-header'
  | 'behaviour-not-shown'
  | 'bounds-not-shown'
  | 'errors-in-envelope'
  | 'json-over-http'
  | 'pages-beyond-shape'
  | 'page-count'
  | 'page-number'
  | 'post-unless-marked'
  | 'record-fields-not-shown'
  | 'token-behaviour-not-shown';

/**
 * The spec's clauses that several checks enforce, kept as data (clauses.json) and written once: a
 * check of one of them spreads `clause(name)` into its declaration; a check of a clause of its own
 * writes its rule and quote in place.
 */
const clauses: Readonly<Record<ClauseName, Clause>> = JSON.parse(readFileSync(new URL('./clauses.json', import.meta.url), 'utf8'));

export function clause(name: ClauseName): Clause {
  return clauses[name];
}
