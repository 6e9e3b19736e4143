import type { ReceivedResponse } from '../../../client/exchange.js';
import { pointerToken } from '../../../json-pointer.js';

/** The JSON text of an answer: its body past a byte order mark, which json-bom reports on its own. */
export function jsonText(response: ReceivedResponse): string {
  return response.byteOrderMark ? response.bodyText.slice(1) : response.bodyText;
}

/** A JSON string token, escapes included; the unrolled form takes linear time on long strings. */
const STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"/g;

/** Found once per answer for the checks that read it; a response is never changed once received. */
const structures = new WeakMap<ReceivedResponse, string>();

/** The answer's JSON text with every string emptied to `""`: its structure, numbers and literals. */
export function structureOf(response: ReceivedResponse): string {
  let structure = structures.get(response);
  if (structure === undefined) {
    structure = jsonText(response).replace(STRING_TOKEN, '""');
    structures.set(response, structure);
  }
  return structure;
}

/** Where a string token ends: the index of its closing quote. */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x5c) index++;
    else if (char === 0x22) return index;
  }
  return text.length - 1;
}

interface Container {
  readonly pointer: string;
  /** The names read so far, for an object; undefined for an array. */
  readonly names: Set<string> | undefined;
  /** The name of the member being read, or the index of the element. */
  at: string | number;
}

/**
 * Each member whose name its object already holds, in text order, with its pointer. Names are
 * compared once their escapes are undone (RFC 7493 §2.3), so `"a"` and `"\u0061"` are one name.
 * Reads the text token by token: only called once a cheaper count says there is one to find.
 */
export function duplicateMembers(text: string): { readonly pointer: string; readonly name: string }[] {
  const found: { pointer: string; name: string }[] = [];
  const open: Container[] = [];
  let nameNext = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    const inner = open[open.length - 1];
    if (char === 0x22) {
      const end = endOfString(text, index);
      if (inner?.names && nameNext) {
        const name = JSON.parse(text.slice(index, end + 1)) as string;
        if (inner.names.has(name)) found.push({ pointer: `${inner.pointer}/${pointerToken(name)}`, name });
        inner.names.add(name);
        inner.at = name;
        nameNext = false;
      }
      index = end;
    } else if (char === 0x7b || char === 0x5b) {
      const pointer = inner === undefined ? '' : `${inner.pointer}/${typeof inner.at === 'string' ? pointerToken(inner.at) : inner.at}`;
      open.push({ pointer, names: char === 0x7b ? new Set() : undefined, at: 0 });
      nameNext = char === 0x7b;
    } else if (char === 0x7d || char === 0x5d) {
      open.pop();
      nameNext = false;
    } else if (char === 0x2c && inner) {
      if (inner.names) nameNext = true;
      else inner.at = (inner.at as number) + 1;
    }
  }
  return found;
}
