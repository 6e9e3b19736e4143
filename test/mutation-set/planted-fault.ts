import type { RequirementId } from '../../src/checks/standards/requirements.js';
import type { Severity } from '../../src/checks/types.js';
import { crashFault, type Fault, type FaultFacts } from '../../src/reference/faults/fault.js';

/**
 * How the kit must report a planted fault: which check, at which severity, at the fault's operation
 * or at `at`, where another operation's answer shows it (a delete that deletes nothing shows in the
 * list); and the requirements of the standards it breaks (src/checks/standards/), each one the
 * check enforces, which docs/standards.md shows beside them.
 */
export interface Reported {
  readonly check: string;
  readonly severity: Severity;
  readonly at?: string;
  readonly breaks?: readonly RequirementId[];
}

/** A planted fault no check reports, and why none can see it. */
export interface Unseen {
  readonly unseen: string;
}

export type Expectation = Reported | Unseen;

/** Where a fault came from the red team (docs/red-team.md): its round, the clause it breaks, and what a client sees. */
export interface RedTeamOrigin {
  readonly round: number;
  /** The document the broken rule comes from: "RFC 9112", "OWASP API Security Top 10 (2023)", "OTP API spec". */
  readonly standard: string;
  /** The section, and the sentence or requirement broken, quoted briefly. */
  readonly clause: string;
  /** One line on what a client sees. */
  readonly observable: string;
}

/** A fault the reference server can be told to make, with what the kit must make of it. */
export type PlantedFault = Fault & {
  readonly expect: Expectation;
  /** Set where the red team wrote it: such a fault was written without looking at the checks. */
  readonly redTeam?: RedTeamOrigin;
};

/** A fault of the mutation set: one some check must report, under every seed. */
export type CaughtFault = PlantedFault & { readonly expect: Reported };

export const isCaught = (fault: PlantedFault): fault is CaughtFault => 'check' in fault.expect;

/** What a planted fault has besides what the server needs to make it. */
type Planting = Pick<PlantedFault, 'expect' | 'redTeam'>;

/** Builds a fault with one of the builders of src/reference/faults/fault.ts (`answerFault`, `pagingFault`, …) and plants it with its expectation. */
export function planted<Facts extends FaultFacts>(build: (facts: Facts) => Fault, facts: Facts & Planting): PlantedFault {
  const { expect, redTeam } = facts;
  return { ...build(facts), expect, ...(redTeam ? { redTeam } : {}) };
}

/** The requirements a fault breaks, given beside its other facts. */
export interface Breaking {
  readonly breaks?: readonly RequirementId[];
}

/** The expectation, with the requirements the fault breaks where it names any. */
export const reporting = (expect: Reported, breaks: Breaking['breaks']): Reported => (breaks ? { ...expect, breaks } : expect);

/** Faults that one check must report at one severity: the expectation is given once, each row gives the rest of a fault's facts and `build` builds it. */
export function caughtBy<Facts extends FaultFacts>(expect: Reported, build: (facts: Facts) => Fault, rows: readonly (Facts & Breaking)[]): CaughtFault[] {
  return rows.map((row) => ({ ...build(row), expect: reporting(expect, row.breaks) }));
}

/** A server that crashes (HTTP 500) on the inputs `when` picks: the http-status check must say so (4 rule 1). */
export function crashed(facts: Parameters<typeof crashFault>[0] & Breaking): CaughtFault {
  return { ...crashFault(facts), expect: reporting({ check: 'http-status', severity: 'error' }, facts.breaks) };
}

/** A fault the red team wrote. */
export type RedTeamFault = PlantedFault & { readonly redTeam: RedTeamOrigin };

export const isRedTeam = (fault: PlantedFault): fault is RedTeamFault => fault.redTeam !== undefined;
