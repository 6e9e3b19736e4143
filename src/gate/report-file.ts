import { readFileSync } from 'node:fs';
import { KitError, type KitErrorCode } from '../errors.js';
import { describeSchemaErrors, compiledSchema } from '../validation/ajv.js';

/**
 * Reads a report.json and checks it against `schemaId` (schemas/): a message naming the file and
 * the field on the first problems, never a stack trace.
 */
export function readReportFile(file: string, schemaId: string, what: { readonly option: string; readonly code: KitErrorCode; readonly fix: string }): unknown {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new KitError(what.code, `${what.option}${file} could not be read as JSON (${reason}); ${what.fix}`);
  }
  const validate = compiledSchema(schemaId);
  if (!validate(document)) {
    const problems = describeSchemaErrors(validate.errors).slice(0, 3);
    throw new KitError(what.code, `${what.option}${file} is not a report.json the kit can read: ${problems.join('; ')} (schemas/${schemaId}); ${what.fix}`);
  }
  return document;
}
