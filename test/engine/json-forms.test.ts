/**
 * The JSON forms the HTTP probe writes the first valid call's body in: each text holds the same
 * value as the compact one (RFC 8259 2, 6, 7), with the digits of every number as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_FORMS, writtenIn } from '../../src/engine/operation/json-forms.js';

const order = JSON.stringify({
  soCaName: '王晓明',
  soNote: 'a\nb "q" \\',
  pageSize: 10,
  price: 1.5,
  big: 1e21,
  items: [{ pCode: 'X', num: 2 }],
  none: [],
  empty: '',
});

describe('JSON forms', () => {
  it('pretty-printed with a newline at the end; string values escaped from their first character and outside ASCII, names not; whole numbers with a fraction', () => {
    expect(writtenIn('{"a":[1,{"b":"x"}],"c":{}}', ['whitespace'])).toBe('{\n  "a": [\n    1,\n    {\n      "b": "x"\n    }\n  ],\n  "c": {}\n}\n');
    expect(writtenIn(order, ['escapes'])).toContain('"soCaName":"\\u738b\\u6653\\u660e","soNote":"\\u0061\\nb \\"q\\" \\\\"');
    expect(writtenIn(order, ['escapes'])).toContain('"empty":""');
    expect(writtenIn(order, ['fractions'])).toContain('"pageSize":10.0,"price":1.5,"big":1e+21,"items":[{"pCode":"X","num":2.0}]');
    expect(writtenIn('{"id":12345678901234567890}', ['fractions'])).toBe('{"id":12345678901234567890.0}');
    expect(writtenIn('{ "a" : 1 }', [])).toBe('{"a":1}');
    expect(writtenIn('not json', JSON_FORMS)).toBeUndefined();
  });

  it('members sorted by name, as Go and RFC 8785 write them; a text a round trip would rewrite keeps its order', () => {
    expect(writtenIn('{"pageSize":10,"pageNo":2,"z":{"b":1,"a":[{"d":0,"c":0}]}}', ['order'])).toBe(
      '{"pageNo":2,"pageSize":10,"z":{"a":[{"c":0,"d":0}],"b":1}}',
    );
    expect(writtenIn('{"pageSize":10.0,"pageNo":2}', ['order'])).toBe('{"pageSize":10.0,"pageNo":2}');
  });

  it('every form, alone or together, holds the value written', () => {
    const forms = fc.subarray([...JSON_FORMS]);
    fc.assert(
      fc.property(fc.jsonValue(), forms, (value, some) => {
        const text = JSON.stringify(value);
        expect(JSON.parse(writtenIn(text, some)!)).toEqual(JSON.parse(text));
      }),
    );
  });
});
