import type { CallRecord, EnvelopeOutline, OperationCheck, RecordTexts, ReplacedText } from '../types.js';

/** U+FFFD shown as its escape: a report shows the character itself as a box, or as nothing. */
const shown = (text: string): string => JSON.stringify(text).replaceAll('\uFFFD', '\\ufffd');

/** A read of a record with U+FFFD in its text, and a read of the same record with none. */
interface Replaced {
  readonly replaced: ReplacedText;
  readonly read: CallRecord;
  readonly whole: CallRecord;
}

/** A call whose answer carried records with an id, in outline (EnvelopeOutline.texts). */
type ReadWithTexts = CallRecord & { readonly envelope: EnvelopeOutline & { readonly texts: RecordTexts } };

/** Each record read with U+FFFD that another answer carries with none, in the order of the plan. */
function replacedOnOneRead(calls: readonly CallRecord[]): Replaced[] {
  // A body a recording cut short is known only in part: its records are not compared.
  const reads = calls.filter((call): call is ReadWithTexts => call.bodyCut === undefined && call.envelope?.texts !== undefined).sort((a, b) => a.rank - b.rank);
  const readWhole = new Map<string, CallRecord>();
  for (const call of reads) {
    const { ids, replaced } = call.envelope.texts;
    const withReplacement = new Set(replaced.map(({ key }) => key));
    for (const key of ids) if (!withReplacement.has(key) && !readWhole.has(key)) readWhole.set(key, call);
  }
  return reads.flatMap((read) =>
    read.envelope.texts.replaced.flatMap((replaced) => {
      const whole = readWhole.get(replaced.key);
      return whole ? [{ replaced, read, whole }] : [];
    }),
  );
}

export const textReplacedOnOneRead: OperationCheck = {
  id: 'text-replaced-on-one-read',
  scope: 'operation',
  rule: '1; 2.2',
  quote: 'Every operation is an HTTP call whose body and response are JSON. … list | array of records (the record type depends on the operation)',
  standards: ['unicode-3.2-c7-answer-text'],
  severity: 'warning',
  title: 'A record read twice holds U+FFFD in one read only',
  description:
    'A record (known by its id) that one answer carries with U+FFFD, the replacement character, in a string, where another answer of the same operation carries it with none: the pages of a walk at several page sizes, page 1 asked without pageNo, a page asked again, all read while the run changes nothing. A decoder writes U+FFFD for bytes it cannot read as a character, so text the server holds whole came out with characters replaced on one read: the UTF-8 of an answer decoded in pieces (a buffer of 1,024 bytes read at a time, each piece decoded on its own), so that a character whose bytes straddle two pieces is malformed in both and becomes two or three U+FFFD, on whichever answer puts a boundary inside it. The JSON parses; the text is lost. "When a process purports not to modify the interpretation of a valid coded character sequence, it shall make no change to that coded character sequence other than the possible replacement of character sequences by their canonical-equivalent sequences" (The Unicode Standard, 3.2 C7). A record that holds U+FFFD on every read holds it as its text, and is not reported; records told apart by a digest of the whole record are not compared. One finding per operation, with the first such record and how many there are: one cause, whatever the records. A warning: a record another client edits between two reads shows the same way.',
  appliesTo: (operation) => !operation.mutates,
  run(calls) {
    const found = replacedOnOneRead(calls);
    const [first] = found;
    if (!first) return [];
    const { replaced, read, whole } = first;
    const records = new Set(found.map(({ replaced: { key } }) => key)).size;
    return [
      {
        instancePath: replaced.pointer,
        expected: `record ${replaced.key} as another read holds it, with no U+FFFD`,
        actual: `${shown(replaced.text)} on one read, no U+FFFD on another${records > 1 ? ` (and ${records - 1} more records like it)` : ''}`,
        occurrences: found.length,
        calls: [read, whole].sort((a, b) => a.rank - b.rank),
      },
    ];
  },
};
