import type { Operation } from '../../catalogue/operations.js';
import { type IdOrder, type IdPair, idPairAt, idPairPath } from '../../checks/asked/listed-path.js';
import { ID_NAME, namedBy, WHOLE_NUMBER_TEXT } from '../../checks/asked/named-by.js';
import { valueText } from '../../checks/asked/value-text.js';
import { recordKey } from '../../checks/call-record.js';
import { resultData } from '../../checks/preconditions.js';
import type { Exchange } from '../../checks/types.js';
import { writeEdited } from '../../generators/hostile/json-text.js';
import { walkBase } from '../../generators/coverage/pages.js';
import { extend } from '../../objects.js';
import type { JudgeCall } from './coverage-pass.js';
import type { ListedEnds } from './page-walk.js';
import type { OperationSession } from './session.js';

/** The most calls sendIdPairs sends: the id twice in each order, then the other id alone where one answer showed its record. */
export const MOST_ID_PAIR_CALLS = 3;

/** The key call-record.ts gives a record of this id. */
const keyOfId = (id: unknown): string => recordKey({ id });

/** An id written as the base body writes the field: an id template "1" takes 38 as "38". */
const asWritten = (value: number, template: unknown): unknown => (typeof template === 'string' ? String(value) : value);

/**
 * The id field a lookup names the member's first listed record by, with that record's id (what the
 * record carries as `id`, the key the answer is known by), where it is a whole number.
 */
function ownId(base: Readonly<Record<string, unknown>>, record: Readonly<Record<string, unknown>>): { field: string; own: unknown } | undefined {
  const pair = namedBy(base, record, false).find(([asked, field]) => field === 'id' && ID_NAME.test(asked));
  const own = pair && record.id;
  if (!pair || !WHOLE_NUMBER_TEXT.test(valueText(own) ?? '')) return undefined;
  return { field: pair[0], own: asWritten(Number(own), base[pair[0]]) };
}

/** The body of a lookup asking by an id pair: the base with the field set, and written a second time where the order names both. */
function pairBody(
  base: Readonly<Record<string, unknown>>,
  pair: IdPair,
): { payload: Record<string, unknown>; body: string; judgedAs: 'conforming' | 'hostile' } {
  if (pair.order === 'foreign-alone') {
    const payload = extend(base, { [pair.field]: pair.foreign });
    return { payload, body: JSON.stringify(payload), judgedAs: 'conforming' };
  }
  const [first, last] = pair.order === 'own-first' ? [pair.own, pair.foreign] : [pair.foreign, pair.own];
  const body = writeEdited(extend(base, { [pair.field]: first }), { op: 'add', path: [], key: pair.field, text: JSON.stringify(last) });
  // Which of the two a server reads is its own: the payload says what was sent, not one reading of it.
  return { payload: { kind: 'duplicate-id', order: pair.order, field: pair.field, own: pair.own, foreign: pair.foreign }, body, judgedAs: 'hostile' };
}

/** The lookup at a path `idPairPath` wrote, made again. */
export function idPairCallAt(operation: Operation, path: string): ReturnType<typeof pairBody> | undefined {
  const pair = idPairAt(path);
  const base = walkBase(operation.id, operation.body);
  return pair && base && operation.listedIn !== undefined ? pairBody(base, pair) : undefined;
}

/**
 * Asks the lookup with a body that names its id field twice (RFC 8259 §4: names "SHOULD be
 * unique", and parsers differ on which they keep): the member's first listed record and the id
 * past the largest its list showed, in each order. A server whose access check reads one and whose lookup reads the
 * other answers a record the member does not have (OWASP API1). Where an answer is the record of
 * that other id, the id is asked alone too, which a server that checks whose record it is refuses.
 * None where the list showed no whole-number id, or the lookup names the record by none.
 */
export async function sendIdPairs(operation: Operation, session: OperationSession, listed: ListedEnds, judge: JudgeCall, from: number): Promise<Exchange[]> {
  const base = walkBase(operation.id, operation.body);
  const named = base && ownId(base, listed.first.record);
  // The id next after the largest the list showed. Ids are handed out by one sequence for every
  // member, so on a server in use the next one is the next record anyone created: another member's,
  // or none yet. A server that checks whose record it is refuses it either way.
  const foreign = listed.largestId === undefined ? undefined : listed.largestId + 1;
  if (!base || !named || foreign === undefined || !Number.isSafeInteger(foreign)) return [];
  const sent: Exchange[] = [];
  const ask = async (order: IdOrder) => {
    const pair: IdPair = { order, field: named.field, own: named.own, foreign: asWritten(foreign, base[named.field]) };
    const { payload, body, judgedAs } = pairBody(base, pair);
    const exchange = await session.send(judgedAs, idPairPath(pair), payload, body);
    judge(exchange, from + sent.length);
    sent.push(exchange);
    return exchange;
  };
  const showsForeign = (exchange: Exchange) => {
    const data = resultData(exchange);
    return exchange.response?.status === 200 && data !== undefined && recordKey(data) === keyOfId(foreign);
  };
  for (const order of ['own-first', 'own-last'] as const) {
    if (session.abandoned) return sent;
    await ask(order);
  }
  if (sent.some(showsForeign) && !session.abandoned) await ask('foreign-alone');
  return sent;
}
