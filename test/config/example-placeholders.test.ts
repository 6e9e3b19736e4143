import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplePlaceholders } from '../../src/config/example-placeholders.js';
import { mappedForRun } from '../../src/config/mapped.js';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { parseHeaders } from '../../src/config/transport.js';
import type { OperationMap } from '../../src/catalogue/operation-map.js';
import { kitErrorOf } from '../support/kit-error.js';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
const referenceMap = JSON.parse(readFileSync(new URL('../../src/reference/operation-map.json', import.meta.url), 'utf8')) as OperationMap;

/** A folder holding .env.example copied to .env, with `edit` applied to its text. */
function folderWithExampleEnv(edit: (text: string) => string = (text) => text): string {
  const dir = mkdtempSync(join(tmpdir(), 'otp-placeholders-'));
  copyFileSync(new URL('../../.env.example', import.meta.url), join(dir, '.env'));
  writeFileSync(join(dir, '.env'), edit(readFileSync(join(dir, '.env'), 'utf8')));
  return dir;
}

describe(".env.example's placeholders are the ones the kit recognises", () => {
  it('.env.example holds each placeholder under its name', () => {
    expect(example).toContain(`OTP_TOKEN=${examplePlaceholders.OTP_TOKEN}\n`);
    expect(example).toContain(`OTP_PASSWORD=${examplePlaceholders.OTP_PASSWORD}\n`);
    expect(example).toContain(`X-Api-Gateway-Key: ${examplePlaceholders['X-Api-Gateway-Key']}\\n`);
  });
});

describe('a setup copied from .env.example and not finished: a kit error naming what to fill in', () => {
  it('a .env copied unchanged: OTP_TOKEN is still the placeholder', () => {
    const error = kitErrorOf(() => resolveRunConfig([], {}, folderWithExampleEnv()));
    expect(error.code).toBe('OTP_BAD_OPTION');
    expect(error.message).toMatch(/^OTP_TOKEN is still the example's placeholder: /);
    expect(error.message).not.toContain(examplePlaceholders.OTP_TOKEN);
  });

  it('the token filled in and the example header line uncommented: the gateway key is named', () => {
    const dir = folderWithExampleEnv((text) => text.replace(examplePlaceholders.OTP_TOKEN, 'a-real-token-77').replace('# OTP_HEADERS=', 'OTP_HEADERS='));
    const error = kitErrorOf(() => resolveRunConfig([], {}, dir));
    expect(error.message).toMatch(/^The header X-Api-Gateway-Key \(OTP_HEADERS or --header\) is still the example's placeholder: /);
    expect(kitErrorOf(() => parseHeaders([`X-Api-Gateway-Key: ${examplePlaceholders['X-Api-Gateway-Key']}`])).code).toBe('OTP_BAD_OPTION');
  });

  it("the example's password, sent by the operation map's templates: OTP_PASSWORD is named", () => {
    const variables = { OTP_USERNAME: '13800138000', OTP_PASSWORD: examplePlaceholders.OTP_PASSWORD };
    const error = kitErrorOf(() => mappedForRun(referenceMap, [], variables));
    expect(error.message).toMatch(/^OTP_PASSWORD is still the example's placeholder: /);
  });

  it('own values pass, and a placeholder nothing sends is not refused', () => {
    const dir = folderWithExampleEnv((text) => text.replace(examplePlaceholders.OTP_TOKEN, 'a-real-token-77'));
    expect(resolveRunConfig([], {}, dir).token).toBe('a-real-token-77');
    expect(mappedForRun(referenceMap, [], { OTP_USERNAME: '13800138000', OTP_PASSWORD: 'own-password-1' }).secrets).toContain('own-password-1');
    expect(mappedForRun(undefined, [], { OTP_PASSWORD: examplePlaceholders.OTP_PASSWORD }).secrets).toEqual([]);
  });
});
