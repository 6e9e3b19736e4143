import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sampleOne } from '../../generators/sample-one.js';

/**
 * A mobile of a flow's own: 140, a prefix of data-only (IoT) numbers that no member signs up with,
 * then eight digits drawn from the flow's seed; an 11-digit mobile in the form any Chinese mobile has.
 */
export const ownMobile = (seed: number): string => `140${String(sampleOne(fc.integer({ min: 0, max: 99_999_999 }), seed)).padStart(8, '0')}`;

/**
 * A password no one can work out from the report or the seed, with a letter of each case, a digit
 * and a sign, as registration rules ask: the account a flow makes is a real one on the server.
 */
export const ownPassword = (): string => `Otp#7${randomBytes(12).toString('base64url')}`;
