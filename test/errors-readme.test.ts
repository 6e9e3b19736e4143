import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { kitErrorCodes, targetErrorCodes } from '../src/errors.js';

const page = readFileSync(new URL('../docs/verdict.md', import.meta.url), 'utf8');

it('docs/verdict.md gives every kit error code a row with its fix', () => {
  const rows = new Set([...page.matchAll(/^\| `(OTP_[A-Z_]+)` \| .+ \| .+ \|$/gm)].map((match) => match[1]));
  expect(kitErrorCodes.filter((code) => !rows.has(code))).toEqual([]);
  expect([...rows].filter((code) => !(kitErrorCodes as readonly string[]).includes(code!))).toEqual([]);
});

it('docs/verdict.md names the codes of a target that could not be checked', () => {
  expect(targetErrorCodes.filter((code) => !page.includes(`\`${code}\``))).toEqual([]);
});
