/** Byte encodings real servers send JSON in besides UTF-8, and the byte surgery their bugs amount to. */

/** GBK byte pairs by the character they stand for, built once from the platform's own GBK decoder. */
let gbkPairs: Map<string, Buffer> | undefined;

function gbkTable(): Map<string, Buffer> {
  if (gbkPairs) return gbkPairs;
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, Buffer>();
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      const pair = Buffer.from([lead, trail]);
      const char = decoder.decode(pair);
      if (char.length === 1 && char !== '\ufffd' && !table.has(char)) table.set(char, pair);
    }
  }
  gbkPairs = table;
  return table;
}

/** The text in GBK, as a server on a Chinese-locale host writes it; what GBK lacks becomes "?", as Java's encoders do. */
export function gbkBytes(text: string): Buffer {
  const table = gbkTable();
  return Buffer.concat([...text].map((char) => (char.charCodeAt(0) < 0x80 ? Buffer.from(char, 'latin1') : (table.get(char) ?? Buffer.from('?')))));
}

/**
 * The text in CESU-8 (Java's "modified UTF-8" without its NUL rule, MySQL's 3-byte `utf8`): each
 * UTF-16 unit on its own, so a character outside the BMP becomes two 3-byte surrogate sequences.
 */
export function cesu8Bytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes.push(unit);
    else if (unit < 0x800) bytes.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    else bytes.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
  }
  return Buffer.from(bytes);
}

/** `buffer` with every occurrence of `from` replaced by `to`. */
export function replaceBytes(buffer: Buffer, from: Buffer, to: Buffer): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = buffer.indexOf(from, start); found !== -1; found = buffer.indexOf(from, start)) {
    parts.push(buffer.subarray(start, found), to);
    start = found + from.length;
  }
  parts.push(buffer.subarray(start));
  return Buffer.concat(parts);
}
