/** FNV-1a: a stable 32-bit hash, so an operation's payloads depend on the seed and its id only. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The fast-check seed of one operation's payloads: `--only` and ordering do not change them. */
export function operationSeed(runSeed: number, operationId: string): number {
  return fnv1a(`${runSeed}:${operationId}`);
}

export function randomSeed(): number {
  return (Math.random() * 0x7fffffff) | 0;
}
