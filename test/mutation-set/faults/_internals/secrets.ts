/** What a leaky server lets out: values shaped like the real thing, derived from the request so that they stay the same from run to run. */

import type { Consignee } from '../../../../src/reference/records.js';
import { seeded } from './seeded.js';
import { createHash } from 'node:crypto';

const digest = (algorithm: 'sha256' | 'sha512', text: string): Buffer => createHash(algorithm).update(text, 'utf8').digest();

/** bcrypt's own base-64 alphabet. */
const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A bcrypt hash as an ORM entity's `password` column holds it: "$2a$10$" and 53 characters of salt and digest. */
export function passwordHashFor(mobile: string): string {
  const bytes = digest('sha512', `password:${mobile}`);
  return `$2a$10$${Array.from(bytes.subarray(0, 53), (byte) => BCRYPT_ALPHABET[byte % 64]).join('')}`;
}

/** The salt column beside it, as some schemas keep one. */
export function saltFor(mobile: string): string {
  return digest('sha256', `salt:${mobile}`).toString('hex').slice(0, 16);
}

/** The six-digit code the SMS gateway was asked to send to this mobile. */
export function smsCodeFor(mobile: string): string {
  return String(digest('sha256', `sms:${mobile}`).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** A consignee of another member, at an id none of the member's lists show: a name and address like the seed's, a mobile of its own. */
export function foreignConsignee(id: number): Consignee {
  const consignees = seeded().consignees;
  const template = consignees[id % consignees.length]!;
  const mobile = `139${String(digest('sha256', `mobile:${id}`).readUInt32BE(0) % 100_000_000).padStart(8, '0')}`;
  return { ...template, id, mobile, remark: '' };
}
