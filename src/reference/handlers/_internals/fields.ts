/**
 * Request fields of the operations 4.1 lists. "Types, required status and allowed values of
 * request fields: not shown" (4.1), so these rules are the sandbox's: lenient in type under /pc
 * like #1 to #12 (4 rule 4), strict under /openapi like #13 to #16, and bounded in length, so
 * that no request stores or echoes a 10,000-character name.
 */
import { A_PAGE_SIZE, AN_INTEGER_PAGE, codeText, type Convert, type FieldReader, optional, positiveInteger, positiveWholeNumber, required } from './request.js';

/** A string of at most `max` characters ("" allowed). */
export function shortText(max: number): Convert<string> {
  return (value) => (typeof value === 'string' && value.length <= max ? value : undefined);
}

/** A non-empty string of at most `max` characters. */
export function filledText(max: number): Convert<string> {
  return (value) => (typeof value === 'string' && value !== '' && value.length <= max ? value : undefined);
}

export const upTo = (max: number): string => `a string of at most ${max} characters`;
export const filledUpTo = (max: number): string => `a non-empty string of at most ${max} characters`;

/** Text a request is allowed to store: names, addresses, remarks. */
export const NAME_LENGTH = 64;
export const LINE_LENGTH = 200;

/** The id of a record to change, where given: without it, an edit operation creates one. */
export const EDITED_ID: FieldReader<number | undefined> = optional(positiveWholeNumber, 'a record id of at least 1, or a string of its digits');

/** Ids under /openapi are integers, as #16's brandId. */
export const AN_INTEGER_ID = 'an integer of at least 1';

/** Order numbers like "SO202606270030": letters, digits and dashes. */
export function orderNumber(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : undefined;
}
export const AN_ORDER_NUMBER = 'an order number of letters, digits and dashes, such as "SO202606270030"';

/** CAS registry numbers like "64-17-5". */
export function casNumber(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{2,7}-\d{2}-\d$/.test(value) ? value : undefined;
}
export const A_CAS_NUMBER = 'a CAS number such as "64-17-5"';

export function email(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 254 && /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(value) ? value : undefined;
}
export const AN_EMAIL = 'an e-mail address such as "wangxm@163.com"';

/** Taxpayer numbers: the 18-character unified social credit code, or the older ones of 15 to 20. */
export function taxNumber(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9A-Z]{15,20}$/.test(value) ? value : undefined;
}
export const A_TAX_NUMBER = 'a taxpayer number of 15 to 20 digits and capital letters';

/** A bank account number: 8 to 30 digits, as a string (a JSON number would lose digits). */
export function accountNumber(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{8,30}$/.test(value) ? value : undefined;
}
export const AN_ACCOUNT_NUMBER = 'a string of 8 to 30 digits';

/** A landline like "010-62345678", or "". */
export function landline(value: unknown): string | undefined {
  return typeof value === 'string' && /^(?:[0-9]{3,4}-?[0-9]{7,8}(?:-[0-9]{1,6})?)?$/.test(value) ? value : undefined;
}
export const A_LANDLINE = 'a landline such as "010-62345678", or ""';

/** The sandbox sends no SMS (#11 answers an empty object), so any code of 4 to 6 digits is taken. */
export function smsCode(value: unknown): string | undefined {
  const digits = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  return typeof digits === 'string' && /^\d{4,6}$/.test(digits) ? digits : undefined;
}
export const AN_SMS_CODE = 'a code of 4 to 6 digits';

/** A password a member chooses: 6 to 32 characters. */
export const newPassword = filledTextBetween(6, 32);
export const A_NEW_PASSWORD = 'a string of 6 to 32 characters';

/** What a member types to sign in: a user name or a password, as sent. */
export const credential = filledText(256);
export const A_CREDENTIAL = filledUpTo(256);

function filledTextBetween(min: number, max: number): Convert<string> {
  return (value) => (typeof value === 'string' && value.length >= min && value.length <= max ? value : undefined);
}

/** `cusType` of purchase orders, as #4 filters on it: "1" or "2", or the number. */
export function customerType(value: unknown): '1' | '2' | undefined {
  const code = codeText(value);
  return code === '1' || code === '2' ? code : undefined;
}

/** 1 VAT ordinary invoice, 2 VAT special invoice. */
export function invoiceType(value: unknown): 1 | 2 | undefined {
  const number = positiveWholeNumber(value);
  return number === 1 || number === 2 ? number : undefined;
}

/** Pages under /pc, as #1 and #7: pageSize, and pageNo "where given" (4 rule 2). */
export const PC_PAGE: { pageSize: FieldReader<number>; pageNo: FieldReader<number | undefined> } = {
  pageSize: required(positiveWholeNumber, A_PAGE_SIZE),
  pageNo: optional(positiveWholeNumber, A_PAGE_SIZE),
};

/** Pages under /openapi, as #13 and #16: pageSize and pageNo, integers. */
export const OPENAPI_PAGE: { pageSize: FieldReader<number>; pageNo: FieldReader<number> } = {
  pageSize: required(positiveInteger, AN_INTEGER_PAGE),
  pageNo: required(positiveInteger, AN_INTEGER_PAGE),
};
