import type { Fault, FaultFacts } from '../../../../src/reference/faults/fault.js';

/**
 * A departure a real OTP server could make, written without looking at the kit's checks: which
 * check catches it (if any) is found out later, when the kit first meets it. So it names no
 * expectation; it names the clause it breaks and what a client sees instead.
 */
export interface RedTeamFault extends Omit<Fault, 'expect'> {
  readonly round: number;
  /** The document the broken rule comes from: "RFC 9112", "OWASP API Security Top 10 (2023)", "OTP API spec". */
  readonly standard: string;
  /** The section, and the sentence or requirement broken, quoted briefly. */
  readonly clause: string;
  /** One line on what a client sees. */
  readonly observable: string;
}

export type RedTeamFacts = Pick<RedTeamFault, 'name' | 'description' | 'operationId' | 'round' | 'standard' | 'clause' | 'observable'>;

/** Stands in for the expectation the server's fault type carries, until someone records which check (if any) reports the fault. */
export const UNJUDGED: Fault['expect'] = { check: 'red-team', severity: 'error' };

/** The fault as `startReferenceServer` takes it. */
export function injectable(fault: RedTeamFault): Fault {
  return { ...fault, expect: UNJUDGED };
}

/**
 * Builds a red-team fault with one of the builders of fault.ts (`answerFault`, `pagingFault`, …),
 * which want an expectation: it is given for the build and left out of the result.
 */
export function redTeam<P extends FaultFacts>(build: (facts: P) => Fault, facts: RedTeamFacts & Omit<P, keyof FaultFacts>): RedTeamFault {
  // The facts and the placeholder are a P; the compiler cannot see through Omit<P, …> to tell.
  const { expect: _unjudged, ...fault } = build({ ...facts, expect: UNJUDGED } as unknown as P);
  const { name, description, operationId, round, standard, clause, observable } = facts;
  return { ...fault, name, description, operationId, round, standard, clause, observable };
}
