import { readFileSync } from 'node:fs';
import { findListedOperation } from '../catalogue/listed-operations.js';
import { flowSteps, type OperationMap } from '../catalogue/operation-map.js';
import { operations } from '../catalogue/operations.js';
import { KitError } from '../errors.js';
import { describeSchemaErrors, compiledSchema } from './ajv.js';

function refuse(file: string, problem: string): KitError {
  return new KitError('OTP_BAD_OPERATION_MAP', `--operation-map ${file}: ${problem}. See schemas/operation-map.schema.json and otp-conformance list.`);
}

const callableIds = (map: OperationMap) => new Set([...operations.map((op) => op.id), ...Object.keys(map.operations)]);

/** Reads and checks an operation map: the schema first, then what a schema cannot say. */
export function readOperationMap(file: string): OperationMap {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw refuse(file, `not readable as JSON (${(error as Error).message})`);
  }
  const validate = compiledSchema('operation-map.schema.json');
  if (!validate(document)) {
    throw refuse(file, describeSchemaErrors(validate.errors).join('; '));
  }
  const map = { flows: [], ...(document as Partial<OperationMap>) } as OperationMap;
  for (const [id, entry] of Object.entries(map.operations)) {
    const listed = findListedOperation(id);
    if (!listed) {
      const documented = operations.some((op) => op.id === id);
      throw refuse(file, documented ? `"${id}" is documented in section 4 and needs no map entry` : `unknown operation id "${id}"`);
    }
    if (listed.method === undefined && entry.method === undefined) throw refuse(file, `"${id}" needs a method: 4.1 does not state one`);
    if (listed.method !== undefined && entry.method !== undefined && entry.method !== listed.method) {
      throw refuse(file, `"${id}" is ${listed.method} in 4.1; drop "method": "${entry.method}"`);
    }
    if ((entry.method ?? listed.method) === 'GET' && entry.body !== undefined) throw refuse(file, `"${id}" is a GET operation and sends no body; drop "body"`);
    if (entry.token !== undefined && id !== 'token-get') throw refuse(file, `"token" belongs on token-get, not on "${id}"`);
  }
  const known = callableIds(map);
  map.flows.forEach((flow, index) => {
    const where = `/flows/${index} (${flow.id})`;
    for (const step of flowSteps(flow)) {
      if (!known.has(step.operation)) throw refuse(file, `${where} calls "${step.operation}", which is neither documented nor mapped`);
    }
    const body = flow.create.body;
    const created = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    if (!JSON.stringify(created).includes('${UNIQUE}'))
      throw refuse(file, `${where}: the create body carries no "\${UNIQUE}", so the flow cannot find what it created`);
    if (JSON.stringify(created).includes('${id}')) throw refuse(file, `${where}: the create body uses "\${id}", which only the detail, edit and delete know`);
    for (const field of [...(flow.text ?? []), ...(flow.numbers ?? [])]) {
      if (!Object.hasOwn(created, field)) throw refuse(file, `${where}: "${field}" of text or numbers is not a member of the create body`);
    }
  });
  return map;
}
