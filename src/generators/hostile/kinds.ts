import fc from 'fast-check';
import type { HostileKind, HostileRequest } from './request.js';
import {
  boundaryNumbers,
  type ExtraMember,
  extraMembers,
  type FieldValue,
  injections,
  longStrings,
  unicodeStrings,
  type WrongValue,
  wrongValues,
} from './field-values.js';
import { type Path, pathText, shorten, valueAt, writeEdited } from './json-text.js';
import { type Field, isNumeric, isScalar, type RequestShape } from './shape.js';
import { emptyBodies, invalidJsonBodies, nonObjectBodies, type WholeBody } from './whole-bodies.js';

/*
 * One arbitrary per kind. Each is a tuple of the valid payload and constantFrom choices, mapped to
 * a request: the payload shrinks as its own generator does, each choice towards its list's first
 * entry, and the kind never changes while shrinking.
 */

type Payload = Readonly<Record<string, unknown>>;

const request = (kind: HostileKind, description: string, body: string | undefined): HostileRequest => ({ kind, description, body });

/** Every (target, value) pair: used where the values depend on the target's declared type. */
const pairs = <T, V>(targets: readonly T[], valuesOf: (target: T) => readonly V[]) =>
  targets.flatMap((target) => valuesOf(target).map((value) => ({ target, value })));

/** A field set to one of `values`, chosen independently of the field. */
function setField(kind: HostileKind, payload: fc.Arbitrary<Payload>, fields: readonly Field[], values: readonly FieldValue[]) {
  return fc
    .tuple(payload, fc.constantFrom(...fields), fc.constantFrom(...values))
    .map(([p, field, value]) => request(kind, `${pathText(field.path)}: ${value.label}`, writeEdited(p, { op: 'set', path: field.path, text: value.text })));
}

/** A whole body in place of the payload; `show` writes it for the description ('body: [1,2]'). */
function wholeBody(kind: HostileKind, payload: fc.Arbitrary<Payload>, bodies: readonly WholeBody[], show = shorten) {
  return fc.tuple(payload, fc.constantFrom(...bodies)).map(([p, { label, body }]) => {
    const text = body(p);
    if (text === undefined) return request(kind, `body: ${label}`, text);
    return request(kind, label === text ? `body: ${show(text)}` : `body (${label}): ${show(text)}`, text);
  });
}

const wrongType = (payload: fc.Arbitrary<Payload>, fields: readonly Field[]) =>
  fc
    .tuple(payload, fc.constantFrom(...pairs<Field, WrongValue>(fields, (field) => (field.type ? wrongValues[field.type] : []))))
    .map(([p, { target, value }]) => {
      const wrong = value(valueAt(p, target.path));
      return request('wrong-type', `${pathText(target.path)}: ${wrong.label}`, writeEdited(p, { op: 'set', path: target.path, text: wrong.text }));
    });

/** One required field left out, or (where there are several) all of them: `{}`. */
const missingField = (payload: fc.Arbitrary<Payload>, required: readonly Field[]) => {
  const single = fc
    .tuple(payload, fc.constantFrom(...required))
    .map(([p, field]) => request('missing-field', `${pathText(field.path)}: removed`, writeEdited(p, { op: 'remove', path: field.path })));
  return required.length > 1
    ? fc.oneof({ arbitrary: single, weight: 4 }, { arbitrary: fc.constant(request('missing-field', 'body: {} (every field removed)', '{}')), weight: 1 })
    : single;
};

const nullField = (payload: fc.Arbitrary<Payload>, fields: readonly Field[]) =>
  fc
    .tuple(payload, fc.constantFrom(...fields))
    .map(([p, field]) => request('null-field', `${pathText(field.path)}: null`, writeEdited(p, { op: 'set', path: field.path, text: 'null' })));

const extraField = (payload: fc.Arbitrary<Payload>, containers: readonly Path[]) =>
  fc
    .tuple(payload, fc.constantFrom(...containers), fc.constantFrom<ExtraMember>(...extraMembers))
    .map(([p, container, { key, value }]) =>
      request('extra-field', `${pathText([...container, key])}: ${value.label}`, writeEdited(p, { op: 'add', path: container, key, text: value.text })),
    );

const boundaryNumber = (payload: fc.Arbitrary<Payload>, numeric: readonly Field[]) =>
  fc
    .tuple(payload, fc.constantFrom(...pairs(numeric, (field) => boundaryNumbers(field.type === 'integer' ? 'integer' : 'number'))))
    .map(([p, { target, value }]) =>
      request('boundary-number', `${pathText(target.path)}: ${value.label}`, writeEdited(p, { op: 'set', path: target.path, text: value.text })),
    );

/** The arbitrary of each kind that applies to a request shape; a kind with nothing to aim at is absent. */
export function kindArbitraries(payload: fc.Arbitrary<Payload>, shape: RequestShape): Partial<Record<HostileKind, fc.Arbitrary<HostileRequest>>> {
  const typed = shape.fields.filter((field) => field.type !== undefined);
  const required = shape.fields.filter((field) => field.required);
  const numeric = shape.fields.filter(isNumeric);
  // String-valued attacks go into every scalar field: a string in a numeric id is the classic SQL
  // injection, and the only way to send them at all where a schema has numbers only (#1, #13, #16).
  const scalar = shape.fields.filter(isScalar);
  const when = <T>(targets: readonly T[], make: () => fc.Arbitrary<HostileRequest>) => (targets.length > 0 ? make() : undefined);
  const arbitraries: Record<HostileKind, fc.Arbitrary<HostileRequest> | undefined> = {
    'wrong-type': when(typed, () => wrongType(payload, typed)),
    'missing-field': when(required, () => missingField(payload, required)),
    'null-field': when(shape.fields, () => nullField(payload, shape.fields)),
    'extra-field': when(shape.containers, () => extraField(payload, shape.containers)),
    'boundary-number': when(numeric, () => boundaryNumber(payload, numeric)),
    'long-string': when(scalar, () => setField('long-string', payload, scalar, longStrings)),
    unicode: when(scalar, () => setField('unicode', payload, scalar, unicodeStrings)),
    injection: when(scalar, () => setField('injection', payload, scalar, injections)),
    'non-object-body': wholeBody('non-object-body', payload, nonObjectBodies),
    'invalid-json': wholeBody('invalid-json', payload, invalidJsonBodies),
    // Quoted, so that '' and whitespace are visible.
    'empty-body': wholeBody('empty-body', fc.constant({}), emptyBodies, (text) => shorten(JSON.stringify(text))),
  };
  return Object.fromEntries(Object.entries(arbitraries).filter(([, arbitrary]) => arbitrary !== undefined));
}
