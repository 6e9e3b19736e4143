import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRelationsDoc } from './relations-doc.js';

describe('docs/relations.md', () => {
  it('is what `npm run docs` renders from the relation modules', () => {
    expect(readFileSync(new URL('../../docs/relations.md', import.meta.url), 'utf8')).toBe(renderRelationsDoc());
  });
});
