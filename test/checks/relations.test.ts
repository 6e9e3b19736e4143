import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/checks/call-record.js';
import { relationChecks, relations } from '../../src/checks/relations/index.js';
import { pageOrder } from '../../src/checks/relations/page-order.js';
import { relationCallOf, relationPath } from '../../src/checks/relations/relation.js';
import { sameOnAnyConnection } from '../../src/checks/relations/same-on-any-connection.js';
import type { CallRecord } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { walkPage } from '../support/walk.js';

const validator = createValidator();

/** A page of bank cards at `path`, kept as the Judge keeps it. */
function page(pageSize: number, pageNo: number, ids: readonly number[], attempt: 1 | 2 = 2, role = 'source'): CallRecord {
  const payload = { pageSize, status: 0, pageNo };
  return recordOf({ ...walkPage(pageSize, pageNo, { ids, totalPage: 9 }), payload, path: relationPath(pageOrder, attempt, 0, role, payload) }, 0);
}

const sizeOne = (...ids: number[]) => ids.map((id, index) => page(1, index + 1, [id], 2, `follow-${index}`));

describe('the relations', () => {
  it('each has a stable id prefixed relation-, a rule, a quote, and a check of the same id', () => {
    for (const relation of relations) {
      expect(relation.id).toMatch(/^relation-[a-z]+(?:-[a-z]+)*$/);
      expect(relation.quote.length).toBeGreaterThan(10);
      expect(relation.cannotSee.length).toBeGreaterThan(10);
    }
    expect(relationChecks.map((check) => check.id)).toEqual(relations.map((relation) => relation.id));
  });

  it('a call of a relation is found again from its path, its body whole', () => {
    const payload = { pageSize: 3, status: null, pageNo: 1, note: 'a:b' };
    expect(relationCallOf(relationPath(pageOrder, 2, 4, 'follow-7', payload))).toEqual({
      relation: 'relation-page-order',
      attempt: 2,
      source: 4,
      role: 7,
      payload,
    });
    expect(relationCallOf('page:3:1')).toBeUndefined();
  });
});

describe('relation-page-order', () => {
  const check = relationChecks.find((candidate) => candidate.id === 'relation-page-order');
  const run = (calls: CallRecord[]) => check?.run(calls, { validator }) ?? [];

  it('fires where page 1 at size 3 holds its records in another order than the pages at size 1', () => {
    expect(run([page(3, 1, [8, 9, 10]), ...sizeOne(10, 9, 8)]).map((finding) => finding.instancePath)).toEqual(['/data/list']);
  });

  it('judges only the answers asked once more: a first asking that broke it is a write between two requests', () => {
    expect(run([page(3, 1, [8, 9, 10], 1), ...sizeOne(10, 9, 8).map((call) => ({ ...call, path: call.path.replace(':2:', ':1:') }))])).toEqual([]);
  });

  it('stays quiet on a page size the server caps, a record twice on a page, and records without an id', () => {
    expect(run([page(3, 1, [10, 9]), ...sizeOne(10, 9, 8)])).toEqual([]);
    expect(run([page(3, 1, [10, 9, 10]), ...sizeOne(10, 9, 8)])).toEqual([]);
    const source = page(3, 1, [8, 9, 10]);
    const withoutIds = source.envelope && { ...source, envelope: { ...source.envelope, keys: ['#a', '#b', '#c'] } };
    expect(withoutIds && run([withoutIds, ...sizeOne(10, 9, 8)])).toEqual([]);
  });
});

describe('relation-same-on-any-connection', () => {
  const source = { pageSize: 10 };
  const given = { pageSize: 10, status: 1, cusType: '1' };

  it('asks the list without the fields that choose its records, after the list with them, only where the base has such fields', () => {
    const walk = { pageSize: 40, smallSizes: [1, 2, 3], pagesInARow: 3 };
    expect(sameOnAnyConnection.sources(given, walk)).toEqual([source]);
    expect(sameOnAnyConnection.followUps(source, walk, given)).toEqual([given, source]);
    expect(sameOnAnyConnection.sources({ pageSize: 10, pageNo: 1 }, walk)).toEqual([]);
  });

  it('judges the follow-ups in the order built, whatever order the calls come in', () => {
    const asked = (role: string, payload: Record<string, unknown>, ids: number[]) =>
      recordOf(
        {
          ...walkPage(10, 1, { ids, totalPage: ids.length, operationId: 'purchase-order-list' }),
          intent: 'http-probe',
          payload,
          path: relationPath(sameOnAnyConnection, 2, 0, role, payload),
        },
        Number(role.replace(/\D/g, '') || -1) + 1,
      );
    const check = relationChecks.find((candidate) => candidate.id === 'relation-same-on-any-connection');
    const calls = [
      asked('follow-2', source, [3, 2, 1]),
      asked('source', source, [3, 2, 1]),
      asked('follow-1', source, [3, 1]),
      asked('follow-0', given, [3, 1]),
    ];
    expect(check?.run(calls, { validator }).map((finding) => finding.actual)).toEqual([
      'right after a request with status, cusType given, on the same connection: HTTP 200, code "200", totalPage 2, 2 records [id:3 id:1]',
    ]);
  });
});
