import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, weakTokenWarning } from '../../src/redaction/redactor.js';

const token = 'Tok/en+Secret=42aBcDeF';
const redactor = new Redactor([token]);
const clean = (text: string) => redactor.text(text);

const jsonEscapedAll = (text: string, upper = false) =>
  [...text]
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .map((e) => (upper ? e.toUpperCase().replace('\\U', '\\u') : e))
    .join('');
const percentAll = (text: string, upper = true) =>
  [...Buffer.from(text)].map((b) => `%${upper ? b.toString(16).toUpperCase() : b.toString(16)}`.padStart(3, '%0')).join('');

describe('redaction: every written form of a secret', () => {
  const forms: Record<string, string> = {
    raw: token,
    'upper-cased': token.toUpperCase(),
    'lower-cased': token.toLowerCase(),
    'JSON-escaped, every character \\uXXXX': jsonEscapedAll(token),
    'JSON-escaped, upper-case hex': jsonEscapedAll(token, true),
    'JSON-escaped, some characters, and \\/': `Tok\\/en\\u002bSec\\u0072et=42aBcDeF`,
    'JSON-escaped twice (a JSON string inside a JSON string)': JSON.stringify(JSON.stringify(token)).slice(2, -2).replace('/', '\\\\/'),
    'URL-encoded (encodeURIComponent)': encodeURIComponent(token),
    'URL-encoded, every byte, upper-case hex': percentAll(token),
    'URL-encoded, every byte, lower-case hex': percentAll(token, false),
    'URL-encoded, a subset': 'Tok%2fen%2BSecret%3d42aBcDeF',
    'URL-encoded twice': encodeURIComponent(encodeURIComponent(token)),
    'HTML character references': [...token].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    base64: Buffer.from(token).toString('base64'),
    'base64 beside other bytes (a Basic header)': Buffer.from(`user:${token}`).toString('base64'),
    base64url: Buffer.from(token).toString('base64url'),
  };
  for (const [name, form] of Object.entries(forms)) {
    it(`${name}: ${form.slice(0, 40)}`, () => {
      const redacted = clean(`before ${form} after`);
      expect(redacted).toContain(REDACTED);
      expect(redacted).not.toContain(form);
      expect(redacted.startsWith('before ')).toBe(true);
    });
  }

  it('a space written as + in a form-encoded value', () => {
    const withSpace = new Redactor(['open sesame 42']);
    expect(withSpace.text('q=open+sesame+42&x=1')).toBe(`q=${REDACTED}&x=1`);
  });

  it('a leading piece of 12 characters or more, anywhere', () => {
    expect(clean(`x ${token.slice(0, 12)} y`)).toBe(`x ${REDACTED} y`);
    expect(clean(`x ${encodeURIComponent(token.slice(0, 15))} y`)).toBe(`x ${REDACTED} y`);
    expect(clean(`x ${token.slice(0, 11)} y`)).toBe(`x ${token.slice(0, 11)} y`);
  });

  it('long runs of escape characters from a server are searched in one pass, not backtracked', () => {
    for (const run of ['\\', '%25', '&#x0', '%']) {
      const text = `${run.repeat(20_000)}${token}`;
      expect(clean(text)).toBe(`${run.repeat(20_000)}${REDACTED}`);
      expect(redactor.excerpt(`${run.repeat(20_000)}${token.slice(0, 6)}${run}`, 90_000).text.endsWith(REDACTED)).toBe(true);
    }
  });

  it('text without the secret is left as it was', () => {
    const text = '{"code":"200","data":{"list":[]},"message":"Tok en"}';
    expect(clean(text)).toBe(text);
  });
});

describe('redaction: header names and values', () => {
  it('redacts a header name equal to or containing the secret (Node lower-cases names)', () => {
    const headers = { [token.toLowerCase()]: 'yes', [`x-${token.toLowerCase()}-echo`]: 'yes', 'x-echo': `bearer${token}`, 'content-type': 'application/json' };
    const redacted = redactor.headers(headers);
    expect(JSON.stringify(redacted).toLowerCase()).not.toContain(token.toLowerCase().slice(0, 12));
    expect(Object.keys(redacted)).toHaveLength(4);
    expect(redacted['x-echo']).toBe(`bearer${REDACTED}`);
    expect(redacted['content-type']).toBe('application/json');
  });
});

describe('redaction: the excerpt of a long body', () => {
  it('a secret straddling the cut is redacted before cutting: no leading piece is left at the edge', () => {
    for (let offset = 1; offset < token.length; offset++) {
      const body = `${'x'.repeat(2048 - offset)}${token}${'y'.repeat(100)}`;
      const { text, truncated } = redactor.excerpt(body, 2048);
      expect(truncated).toBe(true);
      expect(text).toMatch(/^x+\[REDACTED\]y*$/);
      expect(text.startsWith(`${'x'.repeat(2048 - offset)}${REDACTED}`)).toBe(true);
      expect(text.length).toBe(Math.max(2048, 2048 - offset + REDACTED.length));
    }
  });

  it('a body the cap cut short, ending in a leading piece of the secret, keeps none of it', () => {
    const body = `{"echo":"${encodeURIComponent(token).slice(0, 9)}`;
    const { text } = redactor.excerpt(body, 2048);
    expect(text).toBe(`{"echo":"${REDACTED}`);
    expect(redactor.excerpt(`{"echo":"${token.slice(0, 5)}`, 2048).text).toBe(`{"echo":"${REDACTED}`);
    expect(redactor.excerpt(`{"echo":"${jsonEscapedAll(token).slice(0, 27)}`, 2048).text).toBe(`{"echo":"${REDACTED}`);
  });

  it('a short body is kept whole and not marked as cut', () => {
    expect(redactor.excerpt('{"code":"200"}', 2048)).toEqual({ text: '{"code":"200"}', truncated: false });
  });
});

describe('redaction: copies of data', () => {
  it('redacts a secret in every place a repeated text holds it, keys included', () => {
    const repeated = `token ${token}`;
    const copy = redactor.deep({ a: repeated, list: [repeated, { [repeated]: repeated }], b: repeated });
    expect(JSON.stringify(copy)).not.toContain(token);
    expect(copy).toEqual({ a: `token ${REDACTED}`, list: [`token ${REDACTED}`, { [`token ${REDACTED}`]: `token ${REDACTED}` }], b: `token ${REDACTED}` });
  });

  it('keeps members named constructor and __proto__ as members, as JSON.parse made them', () => {
    const parsed = JSON.parse('{"constructor":1,"__proto__":{"x":2},"toString":"a"}') as Record<string, unknown>;
    const copy = redactor.deep(parsed);
    expect(Object.keys(copy)).toEqual(['constructor', '__proto__', 'toString']);
    expect(JSON.stringify(copy)).toBe('{"constructor":1,"__proto__":{"x":2},"toString":"a"}');
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});

describe('redaction: texts as short as what they hide', () => {
  it('a text that is only the secret, its leading piece of 12 characters, or a base64 core of it, is redacted whole', () => {
    expect(clean(token)).toBe(REDACTED);
    expect(clean(token.slice(0, 12))).toBe(REDACTED);
    expect(clean(Buffer.from(token).toString('base64'))).toContain(REDACTED);
  });

  it('a text shorter than any form of the secret is left as it is', () => {
    expect(clean(token.slice(0, 11))).toBe(token.slice(0, 11));
    expect(new Redactor(['ab1']).text('ab')).toBe('ab');
  });
});

describe('redaction: short secrets', () => {
  for (const secret of ['k', 'k9', 'k9z']) {
    it(`a secret of ${secret.length} character${secret.length === 1 ? '' : 's'} is redacted where it stands alone, and as bearer${secret}`, () => {
      const short = new Redactor([secret]);
      expect(short.text(`{"token":"${secret}"}`)).toBe(`{"token":"${REDACTED}"}`);
      expect(short.text(`bearer${secret}`)).toBe(`bearer${REDACTED}`);
      expect(short.text(`q=${secret.toUpperCase()}&`)).toBe(`q=${REDACTED}&`);
      expect(short.text(`a${secret}b, ${secret}2`)).toBe(`a${secret}b, ${secret}2`);
    });
  }

  it('a weak token gets a warning; a token of 4 characters or more none', () => {
    expect(weakTokenWarning('abc')).toMatch(/3 characters long, which is weak/);
    expect(weakTokenWarning('abcd')).toBeUndefined();
  });
});

describe('redaction: several secrets', () => {
  it('overlapping secrets leave no piece of either', () => {
    const both = new Redactor(['alpha-1234', '1234-omega']);
    expect(both.text('x alpha-1234-omega y')).toBe(`x ${REDACTED} y`);
    expect(both.text('x 1234-omegalpha-1234 y')).toBe(`x ${REDACTED} y`);
  });

  it('a secret inside another is covered by the longer one', () => {
    const nested = new Redactor(['password', 'my-password-1']);
    expect(nested.text('my-password-1 and password')).toBe(`${REDACTED} and ${REDACTED}`);
  });

  it('learns secrets added during a run', () => {
    const growing = new Redactor(['first-secret']);
    growing.add('issued-token-9f8e');
    expect(growing.text('first-secret issued-token-9f8e')).toBe(`${REDACTED} ${REDACTED}`);
  });
});

describe('redaction: structured data', () => {
  it('redacts keys and values deep and keeps report.json valid JSON', () => {
    const secrets = ['"quote\\secret', 'k2'];
    const deep = new Redactor(secrets);
    const report = { [secrets[0]!]: [secrets[0], { k2: 'k2', other: `x ${JSON.stringify(secrets[0])} y` }], k2: 1, n: 3, ok: true, none: null };
    const text = JSON.stringify(deep.deep(report));
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(text).not.toContain('quote');
    expect(Object.keys(parsed)).toEqual([REDACTED, `${REDACTED} (2)`, 'n', 'ok', 'none']);
    expect(parsed.n).toBe(3);
  });

  it('any secret, any text: the result is valid JSON and holds no raw secret of 4 characters or more', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 24 }), fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), (secret, texts) => {
        const deep = new Redactor([secret]);
        const data = { texts: texts.map((text) => `${text}${secret}${text}`), [secret]: secret };
        const parsed = JSON.parse(JSON.stringify(deep.deep(data))) as unknown;
        expect(JSON.stringify(parsed).toLowerCase()).not.toContain(JSON.stringify(secret).slice(1, -1).toLowerCase());
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
