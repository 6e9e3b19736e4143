import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casCheckDigit, casNumber, chineseAddress, landlineNumber, mobileNumber, price, priceText, purchaseOrderNumber } from '../../src/generators/fields.js';

// A fixed seed keeps CI stable; a failure still prints seed and path for replay.
const seed = 20240517;

describe('casCheckDigit', () => {
  it('gives the check digits of well-known substances', () => {
    expect(casCheckDigit('7732-18')).toBe(5); // water
    expect(casCheckDigit('64-17')).toBe(5); // ethanol
    expect(casCheckDigit('67-64')).toBe(1); // acetone
  });

  it('ignores hyphens', () => {
    expect(casCheckDigit('773218')).toBe(casCheckDigit('7732-18'));
  });

  it('rejects anything but digits and hyphens', () => {
    expect(() => casCheckDigit('7732-1B')).toThrow(/7732-1B/);
  });
});

describe('casNumber', () => {
  it('is NNNNNNN-NN-C with a correct check digit', () => {
    fc.assert(
      fc.property(casNumber, (cas) => {
        expect(cas).toMatch(/^[1-9]\d{1,6}-\d{2}-\d$/);
        const [first, second, check] = cas.split('-');
        expect(casCheckDigit(`${first}${second}`)).toBe(Number(check));
      }),
      { seed, numRuns: 500 },
    );
  });
});

describe('contact fields', () => {
  it('mobileNumber is an 11-digit mainland mobile number', () => {
    fc.assert(
      fc.property(mobileNumber, (mobile) => {
        expect(mobile).toMatch(/^1[3-9]\d{9}$/);
      }),
      { seed },
    );
  });

  it('landlineNumber is an area code, a hyphen and an 8-digit local number', () => {
    fc.assert(
      fc.property(landlineNumber, (phone) => {
        expect(phone).toMatch(/^0\d{2,3}-[2-8]\d{7}$/);
      }),
      { seed },
    );
  });

  it('chineseAddress streets carry a house number', () => {
    fc.assert(
      fc.property(chineseAddress, (address) => {
        expect(address.street).toMatch(/\d+号$/);
      }),
      { seed },
    );
  });
});

describe('price', () => {
  it('is 0.01–99999.99 with at most two decimals', () => {
    fc.assert(
      fc.property(price, (yuan) => {
        expect(yuan).toBeGreaterThanOrEqual(0.01);
        expect(yuan).toBeLessThanOrEqual(99999.99);
        expect(String(yuan)).toMatch(/^\d+(\.\d{1,2})?$/);
      }),
      { seed },
    );
  });

  it('priceText has exactly two decimals', () => {
    fc.assert(
      fc.property(priceText, (text) => {
        expect(text).toMatch(/^\d{1,5}\.\d{2}$/);
      }),
      { seed },
    );
  });
});

describe('purchaseOrderNumber', () => {
  it('is PO, a calendar date and four digits', () => {
    fc.assert(
      fc.property(purchaseOrderNumber, (po) => {
        expect(po).toMatch(/^PO202[4-6](0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{4}$/);
      }),
      { seed },
    );
  });
});
