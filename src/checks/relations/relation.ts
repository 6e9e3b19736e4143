import type { Operation } from '../../catalogue/operations.js';
import type { CallRecord, CheckDefinition, Finding, OperationCheck } from '../types.js';

/** A request body of a relation: a JSON object, as the page walk's bodies are. */
export type RelationPayload = Readonly<Record<string, unknown>>;

/** What the page walk reads of a list, which a relation builds its requests from and reuses the answers of. */
export interface WalkShape {
  /** The walk's own page size. */
  readonly pageSize: number;
  /** The small page sizes it reads besides, each from page 1. */
  readonly smallSizes: readonly number[];
  /** The pages each small page size reads in a row from page 1. */
  readonly pagesInARow: number;
}

/**
 * A metamorphic relation (Segura et al., "Metamorphic Testing of RESTful Web APIs", IEEE TSE 2018):
 * a source request and follow-up requests built from it whose answers must agree, or differ in a
 * known way, whatever either answer is. What no single answer shows: an order that depends on the
 * page size, a read that changes what it reads.
 */
export interface Relation extends Omit<CheckDefinition, 'id' | 'appliesTo'> {
  /** Stable, prefixed `relation-`: users type it in `--checks`, waivers and baselines. */
  readonly id: `relation-${string}`;
  /** What it cannot see: docs/relations.md. */
  readonly cannotSee: string;
  /** The operations it fits, read from the catalogue's properties (paging, response kind, mutates), never a list of ids. */
  fits(operation: Operation): boolean;
  /** The source requests, from the body the page walk starts from (walkBase) and what the walk reads. */
  sources(base: RelationPayload, walk: WalkShape): readonly RelationPayload[];
  /** The follow-up requests of a source: those whose answers the source's must agree with; `base` is the body the sources were built from. */
  followUps(source: RelationPayload, walk: WalkShape, base: RelationPayload): readonly RelationPayload[];
  /**
   * Where its first answers come from. `reuse`: the run's own calls of the same body (the page
   * walk's, which keep the keys it compares) stand for its requests, and it judges the follow-ups
   * the run has. `fresh`: it sends source and follow-ups itself, one after the other, as only its
   * own calls keep the records' contents it compares. `after-another`: it sends the source alone
   * on a connection of its own, then its follow-ups one after another on another connection of
   * their own, then the source alone on a new connection once more (judged as the last follow-up):
   * what only the requests before it on a connection change. Either way, where the first answers
   * break it, it sends them all once more, as the first time, and judges those.
   */
  readonly answers: 'reuse' | 'fresh' | 'after-another';
  /** Pure: the source's answer and its follow-ups' (those of them the run has), judged together. */
  judge(source: CallRecord, followUps: readonly CallRecord[]): Omit<Finding, 'calls'> | undefined;
}

/**
 * Where a relation's own calls are found again, and how `--replay` and the evidence rebuild them:
 * `relation:<id>:<attempt>:<source>:<role>:<body>`, attempt 1 (a `fresh` relation's first asking)
 * or 2 (asked once more, where the first answers broke it), the source's index among the
 * relation's sources, the role `source` or `follow-<n>`, and the body sent.
 */
export function relationPath(relation: Pick<Relation, 'id'>, attempt: 1 | 2, source: number, role: string, payload: RelationPayload): string {
  return `relation:${relation.id}:${attempt}:${source}:${role}:${JSON.stringify(payload)}`;
}

/** A relation call's place in its relation, read back from its path; undefined where the path is no relation call's. */
export interface RelationCall {
  readonly relation: string;
  readonly attempt: number;
  readonly source: number;
  /** `source`, or the follow-up's index. */
  readonly role: 'source' | number;
  readonly payload: RelationPayload;
}

const RELATION_PATH = /^relation:(relation-[a-z-]+):([12]):(\d+):(source|follow-(\d+)):(\{.*\})$/s;

export function relationCallOf(path: string): RelationCall | undefined {
  const match = RELATION_PATH.exec(path);
  if (!match) return undefined;
  const [, relation = '', attempt, source, role, follow, body = ''] = match;
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  return {
    relation,
    attempt: Number(attempt),
    source: Number(source),
    role: role === 'source' ? 'source' : Number(follow),
    payload: payload as RelationPayload,
  };
}

/**
 * A relation as a check over an operation's calls: it reports the sources asked once more
 * (attempt 2, sent only where the first answers broke the relation) whose answers break it again.
 * Answers that broke it once only are records another client wrote between two requests, and say
 * nothing.
 */
export function relationCheck(relation: Relation): OperationCheck {
  const { id, rule, quote, standards, severity, title, description } = relation;
  return {
    id,
    scope: 'operation',
    rule,
    quote,
    standards,
    severity,
    title,
    description,
    appliesTo: (operation) => relation.fits(operation),
    run(calls) {
      const asked = new Map<number, { source?: CallRecord; followUps: CallRecord[] }>();
      for (const call of calls) {
        const placed = relationCallOf(call.path);
        if (!placed || placed.relation !== id || placed.attempt !== 2) continue;
        const group = asked.get(placed.source) ?? { followUps: [] };
        if (placed.role === 'source') group.source = call;
        else group.followUps.push(call);
        asked.set(placed.source, group);
      }
      // The follow-ups in the order the relation built them, however their answers arrived.
      for (const group of asked.values()) group.followUps.sort((a, b) => a.rank - b.rank);
      const broken = [...asked.values()].flatMap(({ source, followUps }) => {
        const finding = source && relation.judge(source, followUps);
        return finding ? [{ ...finding, calls: [source, ...followUps].sort((a, b) => a.rank - b.rank) }] : [];
      });
      const [first] = broken;
      return first ? [{ ...first, occurrences: broken.length }] : [];
    },
  };
}
