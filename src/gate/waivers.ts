import { readFileSync } from 'node:fs';
import { findOperation } from '../catalogue/operations.js';
import type { Deviation } from '../engine/judging/deviation.js';
import { KitError } from '../errors.js';
import { describeSchemaErrors, compiledSchema } from '../validation/ajv.js';

/** An accepted deviation: tracked with a reason until a date. */
export interface Waiver {
  readonly check: string;
  /** A documented path or an operation id; every operation when absent. */
  readonly operation?: string;
  readonly reason: string;
  /** YYYY-MM-DD: the waiver holds through this day (UTC). */
  readonly expires: string;
}

/** Reads and validates a waiver file against schemas/waivers.schema.json; an unknown key is an error. */
export function readWaivers(file: string, knownChecks: readonly string[]): Waiver[] {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KitError('OTP_BAD_WAIVERS', `--waivers ${file} could not be read as JSON (${(error as Error).message}); fix the file.`);
  }
  const validate = compiledSchema('waivers.schema.json');
  if (!validate(document)) {
    const problems = describeSchemaErrors(validate.errors);
    throw new KitError('OTP_BAD_WAIVERS', `--waivers ${file} is not a valid waiver file: ${problems.join('; ')}. See schemas/waivers.schema.json.`);
  }
  const waivers = (document as { waivers: Waiver[] }).waivers;
  waivers.forEach((waiver, index) => {
    if (!knownChecks.includes(waiver.check)) {
      throw new KitError(
        'OTP_BAD_WAIVERS',
        `--waivers ${file}: /waivers/${index} names check "${waiver.check}", which does not exist; run otp-conformance list.`,
      );
    }
    if (waiver.operation !== undefined && !findOperation(waiver.operation)) {
      throw new KitError(
        'OTP_BAD_WAIVERS',
        `--waivers ${file}: /waivers/${index} names operation "${waiver.operation}", which is not a documented path or operation id.`,
      );
    }
  });
  return waivers;
}

/** A waiver is expired once its `expires` day has passed (UTC). */
export function isExpired(waiver: Waiver, now: Date): boolean {
  return `${waiver.expires}T23:59:59.999Z` < now.toISOString();
}

export function waives(waiver: Waiver, deviation: Pick<Deviation, 'check' | 'operation' | 'operationId'>): boolean {
  if (waiver.check !== deviation.check) return false;
  return waiver.operation === undefined || waiver.operation === deviation.operation || waiver.operation === deviation.operationId;
}
