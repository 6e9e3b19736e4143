import { createHash } from 'node:crypto';
import type { GroupId } from '../catalogue/groups.js';
import type { Operation } from '../catalogue/operations.js';
import { allChecks } from '../checks/index.js';
import { resultData } from '../checks/preconditions.js';
import type { Exchange, Intent } from '../checks/types.js';
import { Judge } from '../engine/judging/judge.js';
import { LatencyLog } from '../engine/operation/latency.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { Redactor } from '../redaction/redactor.js';
import type { Validator } from '../validation/validator.js';
import { classify, type Classified } from './intent.js';
import { type ObservedExchange, pathOf } from './observed.js';
import { type OperationTraffic, operationResult } from './operation-result.js';
import { TrafficRoutes } from './routes.js';
import { credentialsIn } from './secrets.js';

export interface TrafficJudgeOptions {
  /** The operations traffic is matched against: the sixteen of section 4 and those the operation map places. */
  readonly operations: readonly Operation[];
  readonly validator: Validator;
  /** The session's one redactor: it learns each exchange's credentials before anything of the exchange is kept or printed. */
  readonly redactor: Redactor;
  /** Where the token operation's answer holds the token (the operation map's `token` pointer). */
  readonly tokenPointer?: string;
}

/** One exchange as the terminal shows it once judged. */
export interface JudgedExchange {
  /** Its place in the traffic, from 1: the rank its evidence keeps. */
  readonly number: number;
  readonly method: string;
  /** The path as sent, without its query. */
  readonly path: string;
  readonly outcome: string;
  /** The operation it called; undefined at a method and path the spec does not know. */
  readonly operation?: Operation;
  readonly intent?: Intent;
  /** What the checks found on it, counted by check id. */
  readonly findings: Readonly<Record<string, number>>;
}

/** A method and path of the traffic that no operation has: listed in the report, not judged. */
export interface UnknownPath {
  readonly method: string;
  readonly path: string;
  readonly exchanges: number;
}

/** What the traffic held, as the report says it. */
export interface TrafficSeen {
  readonly exchanges: number;
  /** Exchanges matched to an operation and judged. */
  readonly judged: number;
  /** Exchanges at a method and path the spec does not know, all of them. */
  readonly unknownExchanges: number;
  /** Those paths, the most seen first, at most UNKNOWN_PATHS_LISTED of them. */
  readonly unknown: readonly UnknownPath[];
  /** Exchanges with a body known only in part (cut by the recording, or past the body cap): judged on what was kept. */
  readonly cut: number;
}

/** Paths the spec does not know, listed at most: a crawler's traffic must not make the report its list of URLs. */
export const UNKNOWN_PATHS_LISTED = 50;
/** Requests of a list's calls kept as the steps a finding over several answers shows, at most, per operation. */
const STEP_REQUESTS_KEPT = 5000;
/** What a list's other fields are shown as in a page's path, at most; longer ones are named by a digest. */
const LIST_SHOWN_CHARS = 80;

/** The list a page belongs to, as its path names it: what else the call asked, and how often its group had changed state before. */
function listName(asked: NonNullable<Classified['page']>['asked'], epoch: number): string {
  const text = asked.map(([field, value]) => `${field}=${JSON.stringify(value)}`).join(',');
  const shown = text.length <= LIST_SHOWN_CHARS ? text : createHash('sha1').update(text).digest('base64url').slice(0, 12);
  return `${shown}#${epoch}`;
}

/**
 * Judges traffic the kit did not send, exchange by exchange as it comes: each matched to its
 * operation by method and path, classified (classify), and judged by every check that applies by
 * that operation's Judge, as the engine judges its own calls; the checks over several answers then
 * judge what the traffic holds of each operation (a client paging through a list is a walk). Paths
 * the spec does not know are counted, not judged.
 */
export class TrafficJudge {
  private readonly routes: TrafficRoutes;
  private readonly byOperation = new Map<string, OperationTraffic>();
  private readonly unknownPaths = new Map<string, UnknownPath & { exchanges: number }>();
  private readonly failing = new Set<string>();
  /** State changes seen per group: a page read after one belongs to another walk than the pages before it. */
  private readonly epochs = new Map<GroupId, number>();
  /** totalPage as page 1 of each list said it: a later page past it is judged as the engine judges a page past the last. */
  private readonly totals = new Map<string, number>();
  private count = 0;
  private unknownCount = 0;
  private cutCount = 0;

  constructor(private readonly options: TrafficJudgeOptions) {
    this.routes = new TrafficRoutes(options.operations);
  }

  /** Exchanges seen so far, and check × operation pairs that found something: the terminal's progress. */
  get progress(): { readonly exchanges: number; readonly failing: number } {
    return { exchanges: this.count, failing: this.failing.size };
  }

  add(observed: ObservedExchange): JudgedExchange {
    const number = ++this.count;
    const { request } = observed;
    const operation = this.routes.match(request.method, request.url);
    for (const secret of credentialsIn(observed, operation, this.options.tokenPointer)) this.options.redactor.add(secret);
    const path = pathOf(request.url);
    const outcome = observed.failure ? observed.failure.kind : `HTTP ${observed.response?.status ?? '?'}`;
    if (observed.requestCut !== undefined || observed.responseCut !== undefined) this.cutCount++;
    if (!operation) {
      this.unknownCount++;
      const key = `${request.method} ${path}`;
      const known = this.unknownPaths.get(key);
      if (known) known.exchanges++;
      else if (this.unknownPaths.size < UNKNOWN_PATHS_LISTED) this.unknownPaths.set(key, { method: request.method, path, exchanges: 1 });
      return { number, method: request.method, path, outcome, findings: {} };
    }
    const traffic = this.trafficOf(operation);
    const classified = classify(operation, request, observed.requestCut, (schemaId, value) => this.options.validator.validate(schemaId, value));
    const { intent, label, listId } = this.placed(operation, classified, number);
    const exchange: Exchange = {
      request,
      ...(observed.response ? { response: observed.response } : {}),
      ...(observed.failure ? { failure: observed.failure } : {}),
      durationMs: observed.durationMs,
      operation,
      intent,
      payload: classified.payload,
      path: label,
      ...(observed.responseCut === undefined ? {} : { responseCut: observed.responseCut }),
    };
    const findings = traffic.judge.add(exchange, number);
    for (const check of Object.keys(findings)) this.failing.add(`${operation.id} ${check}`);
    this.tally(traffic, exchange, observed, number);
    if (listId !== undefined && classified.page?.no === 1) {
      const totalPage = resultData(exchange)?.totalPage;
      if (Number.isSafeInteger(totalPage) && (totalPage as number) >= 0 && !this.totals.has(listId)) this.totals.set(listId, totalPage as number);
    }
    if (operation.mutates && observed.response) this.epochs.set(operation.group, (this.epochs.get(operation.group) ?? 0) + 1);
    return { number, method: request.method, path, outcome, operation, intent, findings };
  }

  /** Where a call stands: its intent (a page past the last page 1 named is judged as hostile, as the engine judges one) and the path its evidence names it by. */
  private placed(operation: Operation, classified: Classified, number: number): { intent: Intent; label: string; listId?: string } {
    if (classified.probe) return { intent: classified.intent, label: `auth-probe:${classified.probe}` };
    const page = classified.page;
    if (!page) return { intent: classified.intent, label: `exchange:${number}` };
    const list = listName(page.asked, this.epochs.get(operation.group) ?? 0);
    const listId = `${operation.id} ${page.size} ${list}`;
    const total = this.totals.get(listId);
    const pastLast = total !== undefined && page.no > total;
    return { intent: pastLast ? 'hostile' : classified.intent, label: `${pastLast ? 'page-hostile' : 'page'}:${page.size}:${page.no}:${list}`, listId };
  }

  private trafficOf(operation: Operation): OperationTraffic {
    let traffic = this.byOperation.get(operation.id);
    if (!traffic) {
      traffic = {
        operation,
        judge: new Judge(allChecks, { validator: this.options.validator }),
        latency: new LatencyLog(),
        requests: new Map(),
        exchanges: 0,
        firstStarted: Number.POSITIVE_INFINITY,
        lastEnded: 0,
        conformingAnswers: 0,
        conformingCut: 0,
      };
      this.byOperation.set(operation.id, traffic);
    }
    return traffic;
  }

  private tally(traffic: OperationTraffic, exchange: Exchange, observed: ObservedExchange, number: number): void {
    traffic.exchanges++;
    traffic.firstStarted = Math.min(traffic.firstStarted, observed.startedAt);
    traffic.lastEnded = Math.max(traffic.lastEnded, observed.startedAt + observed.durationMs);
    traffic.latency.record(exchange.path, exchange);
    if (exchange.intent === 'conforming' && exchange.response) {
      traffic.conformingAnswers++;
      if (observed.responseCut !== undefined) traffic.conformingCut++;
    }
    // The checks over several answers name the calls of a list they rest on: their requests are the steps shown.
    if (traffic.operation.paging && exchange.intent !== 'auth-probe' && traffic.requests.size < STEP_REQUESTS_KEPT)
      traffic.requests.set(number, exchange.request);
  }

  /** Each operation the traffic called, judged on what it holds so far; the Judges go on taking exchanges after. */
  results(): OperationResult[] {
    return [...this.byOperation.values()].map((traffic) => operationResult(traffic, this.options.redactor));
  }

  seen(): TrafficSeen {
    return {
      exchanges: this.count,
      judged: this.count - this.unknownCount,
      unknownExchanges: this.unknownCount,
      unknown: [...this.unknownPaths.values()].sort((a, b) => b.exchanges - a.exchanges).map((entry) => ({ ...entry })),
      cut: this.cutCount,
    };
  }
}
