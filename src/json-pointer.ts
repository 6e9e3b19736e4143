/** The value at a JSON pointer (RFC 6901) in a document, or undefined where there is none. */
export function atPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A member name as one token of a pointer (RFC 6901, 4): `~` written `~0`, `/` written `~1`. */
export function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer with every list index written `*`: the same place in every record of a list. */
export function foldIndexes(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}
