import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type JsonValue, toYaml } from '../../src/openapi/yaml.js';
import { withoutMap, withReferenceMap } from './support.js';

/** What a JSON round trip makes of a value (-0 becomes 0): the data toYaml is given. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as JsonValue;
const readBack = (text: string): unknown => parse(text, { version: '1.2', uniqueKeys: true, maxAliasCount: 0 });

describe('toYaml writes JSON data a YAML parser reads back as the same data', () => {
  it('the OpenAPI description, with and without an operation map: the same object as its JSON', () => {
    for (const document of [withoutMap, withReferenceMap]) expect(readBack(toYaml(document))).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('any JSON value (fast-check, seed 7)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const data = asJson(value);
        expect(readBack(toYaml(data))).toEqual(data);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('strings and keys YAML would otherwise read as something else', () => {
    const tricky = [
      '',
      ' leading space',
      'true',
      'No',
      'on',
      'null',
      '~',
      '123',
      '0x1F',
      '1e3',
      '.inf',
      '- dash',
      '? question',
      ': colon',
      'a: b',
      '# hash',
      '&anchor',
      '*alias',
      '!tag',
      '%directive',
      '@at',
      '`backtick',
      '|',
      '>',
      "'",
      '"',
      '\\',
      '<<',
      '//pc/custom_demand/list',
      'line\nbreak',
      'tab\there',
      'nul\u0000',
      'del\u007f',
      'nel\u0085',
      'c1\u009b',
      'ls\u2028ps\u2029',
      'bom\ufeff',
      'nonchar\uffff',
      'lone \ud800 surrogate',
      '化学试剂 🧪',
    ];
    const data = asJson({
      values: tricky,
      keys: Object.fromEntries(tricky.map((text, index) => [text, index])),
      nested: tricky.map((text) => ({ [text]: [text, { [text]: [] }, {}] })),
    });
    expect(readBack(toYaml(data))).toEqual(data);
    // Many tools still read YAML 1.1, where `on`, `no` and `y` are booleans and NEL a line break.
    expect(parse(toYaml(data), { version: '1.1', uniqueKeys: true })).toEqual(data);
  });

  it('a key longer than YAML allows an implicit key: written as an explicit key', () => {
    const long = 'a key '.repeat(200);
    const data = { [long]: { [long]: 'value' }, after: [long] };
    const text = toYaml(data);
    expect(text.split('\n').map((line) => line.slice(0, 9))).toEqual(['? "a key ', ':', '  ? "a ke', '  : "valu', 'after:', '  - "a ke', '']);
    expect(readBack(text)).toEqual(data);
  });

  it('identifier keys bare, all other keys and every string double-quoted', () => {
    expect(toYaml({ openapi: '3.1.0', 'x-otp-listed': true, $ref: '#/a', '200': { on: 1 }, list: [[1, 2], [], { a: null }] })).toBe(
      ['"200":', '  "on": 1', 'openapi: "3.1.0"', 'x-otp-listed: true', '"$ref": "#/a"', 'list:', '  - - 1', '    - 2', '  - []', '  - a: null', ''].join('\n'),
    );
  });

  it('a scalar or an empty collection alone is a one-line document', () => {
    expect([toYaml('text'), toYaml(3), toYaml(null), toYaml([]), toYaml({})]).toEqual(['"text"\n', '3\n', 'null\n', '[]\n', '{}\n']);
  });
});
