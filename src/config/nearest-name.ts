/**
 * The name a mistyped one most likely meant: the nearest by edit distance (a transposition of two
 * neighbours counts as one edit), when it is close enough to be the same word mistyped. Far from
 * every name, there is no guess: a wrong "did you mean" costs the user more than none.
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  // A name of one or two letters is too short to tell a typo from another word.
  if (word.length < 3) return undefined;
  const allowed = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word, name.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  // table[cell(i, j)]: the distance between the first i characters of a and the first j of b. The
  // rows lie end to end in one typed array, full by construction: every cell read is a number.
  const width = b.length + 1;
  const cell = (i: number, j: number) => i * width + j;
  const table = new Int32Array((a.length + 1) * width);
  for (let j = 0; j <= b.length; j++) table[cell(0, j)] = j;
  for (let i = 1; i <= a.length; i++) {
    table[cell(i, 0)] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(table[cell(i - 1, j)] + 1, table[cell(i, j - 1)] + 1, table[cell(i - 1, j - 1)] + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, table[cell(i - 2, j - 2)] + 1);
      table[cell(i, j)] = distance;
    }
  }
  return table[cell(a.length, b.length)];
}
