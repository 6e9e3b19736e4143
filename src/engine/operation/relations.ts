import type { Operation } from '../../catalogue/operations.js';
import { recordOf } from '../../checks/call-record.js';
import { relations } from '../../checks/relations/index.js';
import { type Relation, type RelationPayload, relationPath, type WalkShape } from '../../checks/relations/relation.js';
import type { CallRecord } from '../../checks/types.js';
import { SMALL_PAGE_SIZES, SMALL_WALK_PAGES, walkBase, walkPageSize } from '../../generators/coverage/pages.js';
import type { JudgeCall } from './coverage-pass.js';
import type { WalkBounds } from './page-walk.js';
import type { OperationSession } from './session.js';

/** What the page walk reads of a list under these bounds: what the relations build their requests from. */
export function walkShapeOf(bounds: WalkBounds): WalkShape {
  return { pageSize: walkPageSize(bounds), smallSizes: SMALL_PAGE_SIZES.map(({ pageSize }) => pageSize), pagesInARow: SMALL_WALK_PAGES };
}

/** Whether the run keeps a check, by id (--checks, --exclude-checks). */
export type KeepsCheck = (id: string) => boolean;

/** The relations the run asks of an operation: those that fit it and whose check the run keeps. */
export function relationsOf(operation: Operation, keeps: KeepsCheck): Relation[] {
  return relations.filter((relation) => keeps(relation.id) && relation.fits(operation));
}

/** A source request of a relation with its follow-ups. */
interface Request {
  readonly source: RelationPayload;
  readonly followUps: readonly RelationPayload[];
}

/** The requests of one relation at one operation. */
function requestsOf(relation: Relation, operation: Operation, walk: WalkShape): Request[] {
  const base = walkBase(operation.id, operation.body);
  if (!base) return [];
  return relation.sources(base, walk).map((source) => ({ source, followUps: relation.followUps(source, walk, base) }));
}

/**
 * The most calls the relations phase sends to an operation: a `fresh` relation's requests, and
 * the first source of each relation whose answers break it, with its follow-ups, once more.
 */
export function relationCallsAtMost(operation: Operation, keeps: KeepsCheck, bounds: WalkBounds): number {
  const walk = walkShapeOf(bounds);
  return relationsOf(operation, keeps).reduce((total, relation) => {
    // After another, the source is asked alone once more after its follow-ups.
    const calls = requestsOf(relation, operation, walk).map(({ followUps }) => 1 + followUps.length + (relation.answers === 'after-another' ? 1 : 0));
    const asked = relation.answers === 'reuse' ? 0 : calls.reduce((sum, count) => sum + count, 0);
    return total + asked + Math.max(0, ...calls);
  }, 0);
}

/** Whether a call of the run asked exactly this body, top-level member by member (CallRecord.asked). */
function askedExactly(call: CallRecord, payload: RelationPayload): boolean {
  const fields = Object.keys(payload);
  return fields.length === Object.keys(call.asked).length && fields.every((field) => Object.hasOwn(call.asked, field) && call.asked[field] === payload[field]);
}

/** A block of places for each source of each relation: more than any relation's follow-ups. */
const BLOCK = 2 ** 10;

/**
 * Asks every relation that fits the operation (relationsOf), each side by side: a `reuse` relation
 * judges the page walk's answers to its requests (`walked`: the walk's calls, each kept as its
 * record), a `fresh` one sends each source and then its follow-ups, one after the other. Where the
 * answers break the relation, the first source that breaks it and its follow-ups are asked once
 * more, one after the other, judged as every call is (`judge`): what the relation's check reports,
 * from those answers alone. The walk's pages are read before any call of the run changes state, and
 * so is this phase.
 */
export async function askRelations(
  operation: Operation,
  session: OperationSession,
  bounds: WalkBounds,
  keeps: KeepsCheck,
  walked: readonly CallRecord[],
  judge: JudgeCall,
): Promise<void> {
  const walk = walkShapeOf(bounds);
  const walkPages = walked.filter((call) => call.intent === 'conforming' && call.path.startsWith('page:'));
  const askedBefore = (payload: RelationPayload) => walkPages.find((call) => askedExactly(call, payload));
  await Promise.all(
    relationsOf(operation, keeps).map(async (relation, relationIndex) => {
      const requests = requestsOf(relation, operation, walk);
      /** The source and its follow-ups sent one after the other at this attempt; undefined once the operation is abandoned. */
      const ask = async ({ source, followUps }: Request, sourceIndex: number, attempt: 1 | 2): Promise<CallRecord[] | undefined> => {
        const answers: CallRecord[] = [];
        for (const [index, payload] of [source, ...followUps].entries()) {
          if (session.abandoned) return undefined;
          const role = index === 0 ? 'source' : `follow-${index - 1}`;
          const place = ((relationIndex * BLOCK + sourceIndex) * 2 + attempt - 1) * BLOCK + index;
          const exchange = await session.send('conforming', relationPath(relation, attempt, sourceIndex, role, payload), payload, JSON.stringify(payload));
          judge(exchange, place);
          answers.push(recordOf(exchange, place));
        }
        return answers;
      };
      /**
       * The source alone on a connection of its own, its follow-ups one after another on another,
       * and the source alone on a third once more; undefined where the client holds no connection
       * of its own (a proxy) or the operation is abandoned.
       */
      const askOnConnections = async ({ source, followUps }: Request, sourceIndex: number, attempt: 1 | 2): Promise<CallRecord[] | undefined> => {
        const conversations = [[source], followUps, [source]];
        const answers: CallRecord[] = [];
        for (const conversation of conversations) {
          if (session.abandoned) return undefined;
          const first = answers.length;
          const calls = conversation.map((payload, index) => {
            const role = first + index === 0 ? 'source' : `follow-${first + index - 1}`;
            return { path: relationPath(relation, attempt, sourceIndex, role, payload), payload, body: JSON.stringify(payload) };
          });
          const exchanges = await session.converse(calls);
          if (!exchanges) return undefined;
          for (const [index, exchange] of exchanges.entries()) {
            const place = ((relationIndex * BLOCK + sourceIndex) * 2 + attempt - 1) * BLOCK + first + index;
            judge(exchange, place);
            answers.push(recordOf(exchange, place));
          }
        }
        return answers;
      };
      const send = relation.answers === 'after-another' ? askOnConnections : ask;
      /** The walk's answers to a source and to those of its follow-ups it asked; undefined where it did not ask the source. */
      const reused = ({ source, followUps }: Request): CallRecord[] | undefined => {
        const sourceAnswer = askedBefore(source);
        return sourceAnswer && [sourceAnswer, ...followUps.flatMap((payload) => askedBefore(payload) ?? [])];
      };
      const first = await Promise.all(requests.map((request, sourceIndex) => (relation.answers === 'reuse' ? reused(request) : send(request, sourceIndex, 1))));
      const broken = first.findIndex((answers) => {
        const [sourceAnswer, ...followUpAnswers] = answers ?? [];
        return sourceAnswer !== undefined && relation.judge(sourceAnswer, followUpAnswers) !== undefined;
      });
      const again = requests[broken];
      if (again) await send(again, broken, 2);
    }),
  );
}
