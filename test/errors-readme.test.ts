import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { kitErrorCodes, targetErrorCodes } from '../src/errors.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

it('the README gives every kit error code a row with its fix', () => {
  const rows = new Set([...readme.matchAll(/^\| `(OTP_[A-Z_]+)` \| .+ \| .+ \|$/gm)].map((match) => match[1]));
  expect(kitErrorCodes.filter((code) => !rows.has(code))).toEqual([]);
  expect([...rows].filter((code) => !(kitErrorCodes as readonly string[]).includes(code!))).toEqual([]);
});

it('the README names the codes of a target that could not be checked', () => {
  expect(targetErrorCodes.filter((code) => !readme.includes(`\`${code}\``))).toEqual([]);
});
