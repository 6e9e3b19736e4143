import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import type { FlowContext, FlowFinding } from '../flows/flow.js';
import { answered, listed, sameValue, shown } from '../flows/records.js';
import type { RecordSet } from './record-set.js';
import { listedAsLookedUp } from './rules.js';
import { fill, idText } from './run-sequence.js';

/** Calls the relation makes at most in a set: the two ends read before and after the writes (4), a lookup of each end (2), and the page and lookup asked once more (2). */
export const LISTED_AS_LOOKED_UP_CALLS = 8;

/** A record of the list, with the page that showed it. */
interface Listed {
  readonly record: Record<string, unknown>;
  readonly page: KeptStep;
  readonly pageNo: number;
  readonly index: number;
}

const numericText = (value: unknown) => typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));

/**
 * Whether two values are written in one form, so that they can be compared: of one JSON type, or a
 * number and its numeric text. A number in one answer and other text in the other (2.3's soCtime, an
 * integer in the list and a date in the create's answer) are two forms of a value the spec does not
 * relate: nothing is compared.
 */
function oneForm(a: unknown, b: unknown): boolean {
  if (typeof a === typeof b) return true;
  return (typeof a === 'number' && numericText(b)) || (typeof b === 'number' && numericText(a));
}

/** The fields both show in one form with values that differ, as `field "listed" (looked up "value")`. */
export function differingFields(listedRecord: Readonly<Record<string, unknown>>, lookedUp: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(listedRecord)
    .filter(
      (field) =>
        Object.hasOwn(lookedUp, field) &&
        oneForm(listedRecord[field], lookedUp[field]) &&
        !sameValue(listedRecord[field], lookedUp[field]) &&
        !sameValue(lookedUp[field], listedRecord[field]),
    )
    .map((field) => `${field} ${shown(listedRecord[field])} (looked up ${shown(lookedUp[field])})`);
}

/** Reads and looks up for the relation, keeping each call as a step of its evidence. */
export class EndsReader {
  readonly steps: KeptStep[] = [];

  constructor(
    private readonly set: RecordSet,
    private readonly context: FlowContext,
  ) {}

  private async call(operation: string, body: Record<string, unknown>, label: string) {
    const exchange = await this.context.call(operation, body);
    const kept = { ...keepStep(exchange), path: `model:${label}` };
    this.steps.push(kept);
    return { exchange, kept };
  }

  /** One page of the list, or undefined where it is not answered as one. */
  async page(pageNo: number, label: string): Promise<{ records: Listed[]; totalPage: number } | undefined> {
    const body = fill(this.set.list, {});
    const { exchange, kept } = await this.call(this.set.list.operation, typeof body.pageNo === 'number' ? { ...body, pageNo } : body, label);
    if (!answered(exchange)) return undefined;
    const totalPage = resultData(exchange)?.totalPage;
    const records = listed(exchange).map((record, index) => ({ record, page: kept, pageNo, index }));
    return { records, totalPage: typeof body.pageNo === 'number' && typeof totalPage === 'number' && totalPage > 1 ? totalPage : 1 };
  }

  /** The first record of page 1 and the last of the last page. */
  async ends(label: string): Promise<Listed[]> {
    const first = await this.page(1, `${label} page 1`);
    if (!first) return [];
    const last = first.totalPage > 1 ? await this.page(first.totalPage, `${label} last page`) : first;
    return [first.records[0], last?.records.at(-1)].filter((end): end is Listed => end !== undefined);
  }

  /** The lookup of the record by its id, where it answers one. */
  async lookUp(id: unknown, label: string): Promise<{ record: Record<string, unknown>; kept: KeptStep } | undefined> {
    const detail = this.set.detail;
    if (!detail) return undefined;
    const { exchange, kept } = await this.call(detail.operation, fill(detail, { id }), label);
    const data = answered(exchange) ? resultData(exchange) : undefined;
    return data && Object.keys(data).length > 0 ? { record: data, kept } : undefined;
  }
}

/** The list's ends read before the model's writes, as a client reads a list: the reader, whose steps the evidence begins with. */
export async function readBeforeWrites(set: RecordSet, context: FlowContext): Promise<EndsReader> {
  const reader = new EndsReader(set, context);
  await reader.ends('relation before the writes:');
  return reader;
}

/**
 * After the model's writes: the ends of the list read again, each looked up by its id, and where
 * the two differ in a field both show, the page and the lookup asked once more; a finding where
 * they differ again.
 */
export async function listedAsLookedUpAfter(set: RecordSet, reader: EndsReader): Promise<FlowFinding[]> {
  for (const end of await reader.ends('relation after the writes:')) {
    const id = end.record[set.idField];
    if (idText(id) === undefined) continue;
    const lookedUp = await reader.lookUp(id, `relation after the writes: lookup of ${set.idField} ${shown(id)}`);
    if (!lookedUp || differingFields(end.record, lookedUp.record).length === 0) continue;
    const again = await reader.page(end.pageNo, `relation once more: page ${end.pageNo}`);
    const listedAgain = again?.records.find((entry) => idText(entry.record[set.idField]) === idText(id));
    const lookedUpAgain = listedAgain && (await reader.lookUp(id, `relation once more: lookup of ${set.idField} ${shown(id)}`));
    const differing = listedAgain && lookedUpAgain ? differingFields(listedAgain.record, lookedUpAgain.record) : [];
    if (!listedAgain || differing.length === 0) continue;
    return [
      {
        by: listedAsLookedUp,
        instancePath: `/data/list/${listedAgain.index}`,
        expected: `${set.idField} ${shown(id)} as ${set.detail?.operation ?? 'the lookup'} answers it, in every field both show`,
        actual: `listed with ${differing.join(', ')}, twice, after the model's writes`,
        exchange: listedAgain.page,
        steps: [...reader.steps],
      },
    ];
  }
  return [];
}
