import fc from 'fast-check';
import { operations } from '../catalogue/operations.js';
import { KitError } from '../errors.js';
import { loadSchemaDocuments, type SchemaDocument } from '../validation/schemas.js';
import { kindArbitraries } from './hostile/kinds.js';
import { type HostileKind, type HostileRequest, hostileKinds } from './hostile/request.js';
import { type RequestShape, requestShape } from './hostile/shape.js';
import { validPayload } from './payloads.js';

export { type HostileKind, type HostileRequest, hostileKinds };

/*
 * Hostile request bodies: a valid payload (payloads.ts) with one thing wrong, or no payload at
 * all. The spec documents no validation ("Types, required status and allowed values of request
 * fields: not shown", 4.1) and no error statuses ("HTTP statuses other than 200: not shown", 7), so
 * the kit cannot say what a server should answer; it can see whether the server stays on its feet.
 */

/**
 * Weights of `fc.oneof`: with all kinds present they sum to 25, so a run of 25 hostile requests
 * per operation sends about one of each weight unit.
 */
const weights: Readonly<Record<HostileKind, number>> = {
  'wrong-type': 3,
  'missing-field': 2,
  'null-field': 2,
  'extra-field': 2,
  'boundary-number': 3,
  'long-string': 2,
  unicode: 3,
  injection: 3,
  'non-object-body': 2,
  'invalid-json': 2,
  'empty-body': 1,
};

let schemaDocuments: ReadonlyMap<string, SchemaDocument> | undefined;

/** The documents under schemas/ by `$id`, loaded on first use. */
export function schemaDocumentsById(): ReadonlyMap<string, SchemaDocument> {
  schemaDocuments ??= new Map(loadSchemaDocuments().map((document) => [document.$id, document]));
  return schemaDocuments;
}

/** The fields of an operation's request schema, loaded from schemas/ on first use. */
export function shapeOf(operationId: string): RequestShape {
  const op = operations.find((candidate) => candidate.id === operationId);
  const schema = op && schemaDocumentsById().get(op.requestSchema);
  if (!op || !schema) {
    throw new KitError(
      'OTP_BAD_SCHEMA',
      `No request schema for "${operationId}"; add schemas/requests/${operationId}.schema.json with "$id": "requests/${operationId}.schema.json".`,
    );
  }
  return requestShape(schema, op.requestSchema);
}

function arbitrariesOf(operationId: string) {
  // validPayload first: it throws the OTP_UNKNOWN_OPERATION KitError for an id the catalogue lacks.
  const payload = validPayload(operationId);
  return kindArbitraries(payload, shapeOf(operationId));
}

/**
 * The kinds `hostileRequest` can produce for an operation: all of `hostileKinds` except
 * 'boundary-number' where the request schema declares no "number" or "integer" field
 * (#6, #12, #14, #15). Throws like `hostileRequest`.
 */
export function hostileKindsOf(operationId: string): HostileKind[] {
  const arbitraries = arbitrariesOf(operationId);
  return hostileKinds.filter((kind) => arbitraries[kind] !== undefined);
}

/**
 * Hostile request bodies for one operation, derived from its request schema and made from its
 * valid payloads; deterministic under fast-check's seed, shrinking within one kind. Throws a
 * KitError (OTP_UNKNOWN_OPERATION) on an id the catalogue does not know.
 */
export function hostileRequest(operationId: string): fc.Arbitrary<HostileRequest> {
  const arbitraries = arbitrariesOf(operationId);
  return fc.oneof(
    ...hostileKinds.flatMap((kind) => {
      const arbitrary = arbitraries[kind];
      return arbitrary ? [{ arbitrary, weight: weights[kind] }] : [];
    }),
  );
}
