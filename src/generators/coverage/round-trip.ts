import { valueClasses } from './classes.js';

/*
 * The values the stateful flows create records with, to see them again in the lists and details:
 * the coverage pass's classes of text and number that a server has every reason to store as sent.
 * Left out: empty and whitespace-only text, control characters, backslashes, SQL, markup and
 * templates (a server may refuse, trim or escape them, and the spec says nothing either way), and
 * numbers beyond what a double holds exactly (the kit reads JSON numbers as doubles, so it could
 * not tell such a number stored as sent from one rounded).
 */

/** Text values of some coverage classes, sent together in one create. */
export interface TextFamily {
  /** Stable: findings name it. */
  readonly id: 'long-text' | 'scripts' | 'astral' | 'quotes';
  /** As findings describe it. */
  readonly title: string;
  /** The coverage classes it draws on (`classes.ts`). */
  readonly classes: readonly string[];
  /** Every value of those classes, decoded. */
  readonly values: readonly string[];
}

/** A number of a coverage class, sent alone in one field of one create. */
export interface RoundTripNumber {
  readonly classId: string;
  readonly value: number;
}

function classValues(classId: string): string[] {
  const valueClass = valueClasses.find((candidate) => candidate.id === classId);
  if (!valueClass) throw new Error(`No coverage class ${classId}.`);
  return valueClass.values.map((value) => JSON.parse(value.text) as string);
}

function family(id: TextFamily['id'], title: string, classes: readonly string[]): TextFamily {
  return { id, title, classes, values: classes.flatMap(classValues) };
}

/**
 * One create per family: long text (the 10,000 characters a varchar cuts), scripts (a CJK
 * character, combining marks, right-to-left text, decomposed and ligature forms), characters
 * beyond the BMP (emoji with a ZWJ, a flag, a skin tone; CJK Extension B: what a 3-byte utf8
 * column loses) and quotes.
 */
export const textFamilies: readonly TextFamily[] = [
  family('long-text', 'long text (10,000 characters)', ['long']),
  family('scripts', 'scripts: CJK, combining marks, right-to-left, decomposed forms', ['one-character', 'combining-marks', 'right-to-left', 'normalisation']),
  family('astral', 'characters beyond the BMP: emoji, a flag, CJK Extension B', ['astral']),
  family('quotes', 'quotes: an apostrophe and double quotes', ['apostrophe', 'double-quote']),
];

/**
 * The first value of each class of numbers at a boundary: a decimal (2.5, which an integer column
 * rounds), the largest 32-bit integer and the one past it (which a 32-bit column clamps or wraps,
 * and a float32 rounds).
 */
export const roundTripNumbers: readonly RoundTripNumber[] = ['decimal', 'int32-max', 'int32-max-plus-one'].flatMap((classId) => {
  const first = valueClasses.find((candidate) => candidate.id === classId)?.values[0];
  return first ? [{ classId, value: JSON.parse(first.text) as number }] : [];
});
