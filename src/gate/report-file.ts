import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { KitError } from '../errors.js';
import { loadSchemaDocuments } from '../validation/schemas.js';

/** The schemas of what the kit reads back from its own report.json: compiled once, on one instance. */
let validators: Map<string, ValidateFunction> | undefined;

function validatorFor(schemaId: string): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const documents = loadSchemaDocuments().filter((document) => document.$id.startsWith('report-'));
    for (const document of documents) ajv.addSchema(document);
    validators = new Map(documents.map((document) => [document.$id, ajv.getSchema(document.$id)!]));
  }
  return validators.get(schemaId)!;
}

/**
 * Reads a report.json and checks it against `schemaId` (schemas/): a message naming the file and
 * the field on the first problems, never a stack trace.
 */
export function readReportFile(file: string, schemaId: string, what: { readonly option: string; readonly code: string; readonly fix: string }): unknown {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new KitError(what.code, `${what.option}${file} could not be read as JSON (${reason}); ${what.fix}`);
  }
  const validate = validatorFor(schemaId);
  if (!validate(document)) {
    const problems = (validate.errors ?? []).slice(0, 3).map((error) => {
      const where = error.instancePath || '(top level)';
      if (error.keyword === 'required') return `${where}: field "${String(error.params.missingProperty)}" is missing`;
      return `${where}: ${error.message}`;
    });
    throw new KitError(what.code, `${what.option}${file} is not a report.json the kit can read: ${problems.join('; ')} (schemas/${schemaId}); ${what.fix}`);
  }
  return document;
}
