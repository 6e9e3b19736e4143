/**
 * A lookup of a record its list showed: the first record of the list's first page, or the last
 * record of the last page its walk read. The record the list shows first and the one it shows last
 * lie at the two ends of what the server holds (the newest and the oldest, in the usual order), so
 * a lookup that searches only part of it finds one and not the other.
 */
export type ListedEnd = 'first' | 'last';

/** Where the list showed the record: its end, and the page (at `pageSize` records a page) it was on. */
export interface ListedPlace {
  readonly end: ListedEnd;
  readonly pageSize: number;
  readonly pageNo: number;
  /** The request fields set to name the record, as sent. */
  readonly naming: Readonly<Record<string, unknown>>;
}

/**
 * `listed:<end>:<pageSize>:<pageNo>:<the fields set, as JSON>`: where the lookup is found again,
 * and what `--replay` rebuilds it from (the rest of its body is the operation's base body).
 */
export const listedPath = (place: ListedPlace): string => `listed:${place.end}:${place.pageSize}:${place.pageNo}:${JSON.stringify(place.naming)}`;

/** The place a `listedPath` wrote, or undefined when the path is not one. */
export function listedPlace(path: string): ListedPlace | undefined {
  const match = /^listed:(first|last):(\d+):(\d+):(\{.*\})$/s.exec(path);
  const written = match?.[4];
  if (!match || written === undefined) return undefined;
  let naming: unknown;
  try {
    naming = JSON.parse(written);
  } catch {
    return undefined;
  }
  if (naming === null || typeof naming !== 'object' || Array.isArray(naming)) return undefined;
  return { end: match[1] as ListedEnd, pageSize: Number(match[2]), pageNo: Number(match[3]), naming: naming as Record<string, unknown> };
}

/**
 * How a lookup of a listed record names its id field when the field is asked twice: the member's
 * own id first and an id its whole list does not hold last (`own-first`), the reverse
 * (`own-last`), or that other id alone (`foreign-alone`).
 */
export type IdOrder = 'own-first' | 'own-last' | 'foreign-alone';

/** Where such a lookup is found again: its order, the id field, and the two ids as sent. */
export interface IdPair {
  readonly order: IdOrder;
  readonly field: string;
  readonly own: unknown;
  readonly foreign: unknown;
}

/** `listed-id:<order>:<field>:<{"own":…,"foreign":…}>`: what `--replay` rebuilds the body from (the rest of it is the operation's base body). */
export const idPairPath = (pair: IdPair): string => `listed-id:${pair.order}:${pair.field}:${JSON.stringify({ own: pair.own, foreign: pair.foreign })}`;

/** The pair an `idPairPath` wrote, or undefined when the path is not one. */
export function idPairAt(path: string): IdPair | undefined {
  const match = /^listed-id:(own-first|own-last|foreign-alone):([^:]+):(\{.*\})$/s.exec(path);
  const [, order, field, written] = match ?? [];
  if (field === undefined || written === undefined) return undefined;
  let ids: unknown;
  try {
    ids = JSON.parse(written);
  } catch {
    return undefined;
  }
  if (ids === null || typeof ids !== 'object' || !('own' in ids) || !('foreign' in ids)) return undefined;
  return { order: order as IdOrder, field, own: ids.own, foreign: ids.foreign };
}
