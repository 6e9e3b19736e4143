import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, userEnv } from '../support/cli.js';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { operations } from '../../src/catalogue/operations.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { operationsOf, withoutMap, withReferenceMap } from '../openapi/support.js';

/** A fresh user's environment and an empty working directory, where --out files go. */
const env = userEnv;
const cwd = mkdtempSync(join(tmpdir(), 'otp-openapi-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const kit = (args: readonly string[]) => runCli(args, { cwd, env });

describe('otp-conformance openapi', () => {
  it('--format json: the description on standard output, exit 0', async () => {
    const { code, stdout, stderr } = await kit(['openapi', '--format', 'json']);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual(withoutMap);
  });

  it('without options: YAML on standard output that parses to the same object as the JSON', async () => {
    const [yaml, json] = await Promise.all([kit(['openapi']), kit(['openapi', '--format', 'json'])]);
    expect(yaml.code, yaml.stderr).toBe(0);
    expect(yaml.stdout.startsWith('openapi: "3.1.0"\n')).toBe(true);
    expect(parse(yaml.stdout)).toEqual(JSON.parse(json.stdout));
  });

  it('--out: YAML for .yaml, JSON for .json, the format asked for otherwise; one line says where it went', async () => {
    const results = await Promise.all([
      kit(['openapi', '--out', 'api.yaml']),
      kit(['openapi', '--out', 'api.json']),
      kit(['openapi', '--out', 'api.txt', '--format', 'json']),
    ]);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    expect(results[0]!.stdout).toBe(`OpenAPI 3.1 description of ${operations.length} operations written to api.yaml (yaml).\n`);
    expect(parse(readFileSync(join(cwd, 'api.yaml'), 'utf8'))).toEqual(withoutMap);
    expect(JSON.parse(readFileSync(join(cwd, 'api.json'), 'utf8'))).toEqual(withoutMap);
    expect(JSON.parse(readFileSync(join(cwd, 'api.txt'), 'utf8'))).toEqual(withoutMap);
  });

  it('--operation-map: the operations of 4.1 at the paths of the map', async () => {
    const { code, stdout, stderr } = await kit(['openapi', '--format', 'json', '--operation-map', referenceOperationMapFile]);
    expect(code, stderr).toBe(0);
    const document = JSON.parse(stdout) as typeof withReferenceMap;
    expect(document).toEqual(withReferenceMap);
    expect(operationsOf(document)).toHaveLength(operations.length + listedOperations.length);
  });

  it("--help: the command in the kit's help, and its options in its own", async () => {
    const [main, own] = await Promise.all([kit(['--help']), kit(['openapi', '--help'])]);
    expect(main.stdout).toContain('otp-conformance openapi [--format yaml|json] [--out FILE] [--operation-map FILE]');
    expect(main.stdout).toMatch(/Options of openapi:\n {2}--format yaml\|json/);
    expect(own.stdout).toMatch(/^Usage: otp-conformance openapi \[options\]/);
    for (const option of ['--format', '--out', '--operation-map', '--help']) expect(own.stdout).toContain(`  ${option}`);
  });

  describe('a mistake: one line on stderr, exit 2, nothing on standard output', () => {
    writeFileSync(join(cwd, 'bad-map.json'), JSON.stringify({ operations: { 'no-such-op': { path: '/x' } } }));
    it.each([
      [['--frobnicate'], '--frobnicate is not an option of openapi. Run otp-conformance openapi --help for the options.'],
      [['--fromat', 'json'], /^--fromat is not an option of openapi; did you mean --format\?/],
      [['--format', 'xml'], '--format "xml" is not a format of openapi; give --format yaml or --format json.'],
      [['--out'], /^--out needs a value: write it as --out FILE\./],
      [['stray'], /^"stray" is not an option of openapi/],
      [['--out', '.'], /^--out \. is a folder; give the file to write/],
      [['--out', 'missing-folder/api.yaml'], /^--out missing-folder\/api\.yaml cannot be written \(ENOENT\)/],
      [['--operation-map', 'bad-map.json'], /^--operation-map .*bad-map\.json: unknown operation id "no-such-op"/],
    ] as const)('openapi %j', async (args, line) => {
      const { code, stdout, stderr } = await kit(['openapi', ...args]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      const lines = stderr.split('\n').filter((text) => text !== '');
      expect(lines).toHaveLength(1);
      const message = lines[0]!.replace(/^otp-conformance: /, '');
      if (typeof line === 'string') expect(message).toBe(line);
      else expect(message).toMatch(line);
    });
  });
});
