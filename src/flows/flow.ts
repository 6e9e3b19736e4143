import type { GroupId } from '../catalogue/groups.js';
import type { KeptExchange, KeptStep } from '../checks/kept-exchange.js';
import type { Exchange, Finding } from '../checks/types.js';

/** A finding of a flow: the exchange that showed it is the evidence. */
export interface FlowFinding extends Finding {
  readonly exchange: KeptExchange;
  /**
   * The flow's calls that together show it, in the order they were made, `exchange` among them (a
   * create, then the list that does not show what it accepted). Absent: `exchange` shows it alone.
   */
  readonly steps?: readonly KeptStep[];
  /**
   * The rule of the flow that found it, where a flow states several (the model's: src/model/rules.ts):
   * the deviation carries its id, rule and title. Absent: the flow's own.
   */
  readonly by?: FlowRule;
}

/**
 * A rule a finding is reported under: an id users type in --checks and waivers, the spec clause, a
 * title. A warning, but where an answer breaks a sentence the rule quotes (the envelope of 2.1).
 */
export interface FlowRule {
  readonly id: string;
  readonly rule: string;
  readonly title: string;
  readonly severity: 'warning' | 'error';
}

/**
 * How a flow's call is written: the documented way unless told; `without-token` leaves out the
 * authorization header, as a client that holds no token sends it; `batch-without-token` does so and
 * sends the payload in a JSON array of one, as a client that signs several in at once writes it.
 */
export type CallForm = 'documented' | 'without-token' | 'batch-without-token';

/** A lookup of one record: the operation and the body that names the record. */
export interface RecordLookup {
  readonly operation: string;
  readonly payload: Record<string, unknown>;
}

/** A list the run's page walk read whole, before any call of the run changed state. */
export interface WalkedList {
  readonly operation: string;
  /** The body its pages were asked with, but for pageSize and pageNo. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly pageSize: number;
  /** The pages the walk read. */
  readonly pages: number;
  /** Each record's key (call-record.ts: `id:<id>`). */
  readonly keys: ReadonlySet<string>;
  /** The lookup by id of a record of the list, by its key, where the run calls one (Operation.listedIn). */
  readonly lookUp?: (key: string) => RecordLookup | undefined;
  /** That lookup with the body the run gives it (the coverage base, or the operation map's): a record the run's own configuration names. */
  readonly sample?: RecordLookup;
}

/**
 * When a call's body goes out: `midBody`, called once the first part of the body is written, holds
 * the rest until it settles (client OutgoingRequest.midBody). Absent: the body goes at once.
 */
export interface CallTiming {
  readonly midBody?: () => Promise<void>;
}

export interface FlowContext {
  /** Calls a documented operation with a payload, the documented way or in the form given, its body sent as `timing` says. */
  call(operationId: string, payload: Record<string, unknown>, form?: CallForm, timing?: CallTiming): Promise<Exchange>;
  /** Deterministic draws for the flow's payloads. */
  readonly seed: number;
  /** The list as the run's page walk read it whole; absent, or undefined, where the run did not. */
  readonly walked?: (listOperation: string) => Promise<WalkedList | undefined>;
  /** The body the run's operation map gives an operation of 4.1 (an object), or undefined where it gives none: what a flow over one fills in. */
  mappedBody(operationId: string): Readonly<Record<string, unknown>> | undefined;
  /** Makes a value the flow sends a secret of the run (a password it chose): from then on, nothing the run writes holds it. */
  secret(value: string): void;
}

/** A record a flow made and left on the server, where no delete is documented: what it is, its id where the server showed one, why it stays. */
export interface FlowLeftRecord {
  /** In the words of the spec: "order", "purchase order". */
  readonly kind: string;
  readonly operation: string;
  readonly id?: string;
  readonly reason: string;
}

/** Why a flow stopped early without a verdict, or the findings it made; with the records it left on the server, where it names them. */
export type FlowOutcome = (
  | { readonly completed: true; readonly findings: readonly FlowFinding[] }
  | { readonly completed: false; readonly reason: string; readonly findings: readonly FlowFinding[] }
) & { readonly left?: readonly FlowLeftRecord[] };

/**
 * A sequence of calls whose answers must agree with one another: what was created is listed, what
 * was deleted is gone. The spec does not show this behaviour (1: "Behaviour of each operation beyond
 * its request and response shape: not shown"), so every flow reports warnings. Flows change state
 * and run by default against any server, never with --no-stateful or --read-only.
 */
export interface Flow {
  /** Stable, like a check's id. */
  readonly id: string;
  readonly group: GroupId;
  readonly title: string;
  /** What it catches: read by `explain` and docs/checks.md. */
  readonly description: string;
  readonly rule: string;
  readonly quote: string;
  readonly severity: 'warning';
  /** The documented operations it calls. */
  readonly operations: readonly string[];
  run(context: FlowContext): Promise<FlowOutcome>;
}
