import { findOperation } from '../../catalogue/operations.js';
import { KitError } from '../../errors.js';
import { shapeOf } from '../hostile.js';
import type { FieldValue } from '../hostile/field-values.js';
import { type Edit, type Path, pathText, shorten, valueAt, writeEdited } from '../hostile/json-text.js';
import type { Field } from '../hostile/shape.js';
import { DELETE_OPERATIONS, ID_NAME, mayNameARecord } from '../../catalogue/record-ids.js';
import { basePayloads } from './base-payloads.js';
import {
  type CoverageFamily,
  type FieldRole,
  nullAllowedIn,
  roleFits,
  prototypeKeys,
  repeatedElement,
  severalRecipients,
  type Target,
  type ValueClass,
  valueClasses,
  wrongTypeValues,
} from './classes.js';
import { fieldRoles, numericTextFields } from './roles.js';
import { plantedObjects } from './server-owned.js';

/** How a coverage call is judged: as a valid call where the spec allows its value, else as a hostile one. */
export type CoverageJudgement = 'conforming' | 'hostile';

/** One request of the coverage pass: one class, at one field, on the operation's base payload. */
export interface CoverageRequest {
  /** The class id, e.g. 'decimal', 'null', 'prototype-key'. */
  readonly classId: string;
  readonly family: CoverageFamily;
  /** Where the class was put, as people write it: 'pageSize', 'items[0].num', 'body'. */
  readonly field: string;
  /** e.g. 'items[0].num: "2.5"'. */
  readonly description: string;
  /** The exact body text (built as text: duplicate keys and `__proto__` members survive). */
  readonly body: string;
  readonly judgedAs: CoverageJudgement;
}

const numericTypes = new Set(['number', 'integer']);

function targetsOf(operationId: string, field: Field): Target[] {
  const targets: Target[] = [];
  if (field.type !== undefined && numericTypes.has(field.type)) targets.push('numeric');
  if (field.type === 'string') targets.push('string');
  if (numericTextFields[operationId]?.includes(pathText(field.path))) targets.push('numeric-text');
  if (field.type === 'array' || field.type === 'object') targets.push('structure');
  return targets;
}

/** A field's members are removable and duplicable; an array element is not a member. */
const isMember = (path: Path): boolean => typeof path[path.length - 1] === 'string';

const parentOf = (path: Path): Path => path.slice(0, -1);

/** A second value of the field's type, for the duplicate member: which one a server keeps shows in its answer. */
const duplicateValue = (field: Field): string =>
  field.type === 'string' ? '""' : field.type === 'array' ? '[]' : field.type === 'object' ? '{}' : field.type === undefined ? 'null' : '0';

function wrongTypesOf(field: Field): readonly FieldValue[] {
  if (field.type === 'number' || field.type === 'integer') return wrongTypeValues.numeric;
  if (field.type === 'string' || field.type === 'array' || field.type === 'object') return wrongTypeValues[field.type];
  return [];
}

/**
 * The coverage pass of one operation of section 4: every class at every field it fits, each alone on
 * the operation's base payload. The same list for every seed and every run. Throws a KitError for
 * an operation without a base payload or request schema.
 */
export function coverageRequests(operationId: string): readonly CoverageRequest[] {
  let requests = built.get(operationId);
  if (!requests) {
    requests = buildRequests(operationId);
    built.set(operationId, requests);
  }
  return requests;
}

/** Each operation's list, built once per process: the pass, replays and reports read the same one. */
const built = new Map<string, readonly CoverageRequest[]>();

function buildRequests(operationId: string): CoverageRequest[] {
  const base = Object.hasOwn(basePayloads, operationId) ? basePayloads[operationId] : undefined;
  if (!base) {
    throw new KitError('OTP_UNKNOWN_OPERATION', `No coverage base payload for "${operationId}"; add one to src/generators/coverage/base-payloads.ts.`);
  }
  const shape = shapeOf(operationId);
  const roles = fieldRoles[operationId] ?? {};
  const requests: CoverageRequest[] = [];
  // The n-th field a class reaches takes the class's value n mod count: every value goes out.
  const turns = new Map<string, number>();
  /** The value whose turn it is; undefined of a class with no values. */
  const take = <T>(key: string, values: readonly T[]): T | undefined => {
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return values[turn % values.length];
  };
  // A delete's id is never sent a value that may name a record: on a sandbox, it would be another client's (the base names an unknown id).
  const deletes = DELETE_OPERATIONS.has(operationId);
  const namesARecord = (path: Path, edit: Edit) => deletes && edit.op === 'set' && ID_NAME.test(String(path.at(-1))) && mayNameARecord(edit.text);
  const add = (classId: string, family: CoverageFamily, path: Path, shown: string, edit: Edit, judgedAs: CoverageJudgement = 'hostile') => {
    if (namesARecord(path, edit)) return;
    requests.push({ classId, family, field: pathText(path), description: `${pathText(path)}: ${shown}`, body: writeEdited(base, edit), judgedAs });
  };

  const sentOnce = new Set<string>();
  for (const field of shape.fields) {
    const targets = targetsOf(operationId, field);
    const role = roles[pathText(field.path)];
    for (const valueClass of valueClasses) {
      if (!valueClass.targets.some((target) => targets.includes(target))) continue;
      if (valueClass.oncePerOperation) {
        if (sentOnce.has(valueClass.id)) continue;
        sentOnce.add(valueClass.id);
      }
      const value = take(valueClass.id, valueClass.values);
      if (value === undefined) continue;
      add(valueClass.id, valueClass.family, field.path, value.label, { op: 'set', path: field.path, text: value.text }, judgement(valueClass, role, value));
    }
    add(
      'null',
      'null',
      field.path,
      'null',
      { op: 'set', path: field.path, text: 'null' },
      role !== undefined && nullAllowedIn.includes(role) ? 'conforming' : 'hostile',
    );
    if (isMember(field.path)) add('absent', 'absent', field.path, 'removed', { op: 'remove', path: field.path });
    const value = take(`wrong-type:${field.type}`, wrongTypesOf(field));
    if (value !== undefined) {
      add('wrong-type', 'wrong-type', field.path, value.label, { op: 'set', path: field.path, text: value.text });
    }
    // Judged as a valid call: the spec bounds no array, and two equal order lines are an order like any other.
    const elements = field.type === 'array' ? valueAt(base, field.path) : undefined;
    if (Array.isArray(elements) && elements.length > 0) {
      const value = repeatedElement(elements);
      add('repeated-element', 'repeated-element', field.path, value.label, { op: 'set', path: field.path, text: value.text }, 'conforming');
    }
    const name = field.path[field.path.length - 1];
    if (typeof name === 'string') {
      const text = duplicateValue(field);
      add('duplicate-key', 'duplicate-key', field.path, `written twice, then ${text}`, { op: 'add', path: parentOf(field.path), key: name, text });
    }
  }
  for (const container of shape.containers) {
    for (const { key, value } of prototypeKeys) {
      add('prototype-key', 'prototype-key', [...container, key], value.label, { op: 'add', path: container, key, text: value.text });
    }
  }
  // Every member the answer's record carries and the request does not take, planted at once: one request an object.
  for (const { path, members } of plantedObjects(operationId, base)) {
    const object = { ...(valueAt(base, path) as Record<string, unknown>) };
    for (const { key, value } of members) object[key] = JSON.parse(value.text);
    const shown = members.map(({ key, value }) => `${key} ${value.label}`).join(', ');
    add('server-owned-field', 'server-owned', path, shorten(`${members.length} record members the request does not take: ${shown}`, 120), {
      op: 'set',
      path,
      text: JSON.stringify(object),
    });
  }
  // The one recipient of a paid message written as several, each form its own request: a server may split on one and not another.
  const recipient = findOperation(operationId)?.recipientField;
  const named = recipient === undefined ? undefined : base[recipient];
  if (recipient !== undefined && (typeof named === 'string' || typeof named === 'number')) {
    for (const value of severalRecipients(named)) {
      add('several-recipients', 'recipients', [recipient], value.label, { op: 'set', path: [recipient], text: value.text });
    }
  }
  // A body that is JSON and no object: the base payload in an array, as a client that batches its calls writes it. One such body says
  // whether the server answers every one with the envelope, and costs one call where the hostile calls draw theirs by chance.
  add('non-object-body', 'whole-body', [], 'the payload in an array', { op: 'set', path: [], text: `[${JSON.stringify(base)}]` });
  return requests;
}

function judgement(valueClass: ValueClass, role: FieldRole | undefined, value: FieldValue): CoverageJudgement {
  const allowed = role !== undefined && valueClass.allowedIn?.includes(role) === true && (roleFits[role]?.(value.text) ?? true);
  return allowed ? 'conforming' : 'hostile';
}
