import { keepStep } from '../../checks/kept-exchange.js';
import { isPlainObject, jsonBody } from '../../checks/preconditions.js';
import type { FlowContext, FlowFinding } from '../flow.js';
import { answered, unanswered } from '../records.js';
import { type CountedList, countList } from './list-count.js';

/** A list a round trip reads, as counted: where its body asks a page by number at a page size. */
export function countedList(step: { readonly operation: string; readonly body: Readonly<Record<string, unknown>> } | undefined): CountedList | undefined {
  const pageSize = step?.body.pageSize;
  return step && typeof step.body.pageNo === 'number' && typeof pageSize === 'number' && Number.isSafeInteger(pageSize) && pageSize > 0
    ? { operation: step.operation, body: step.body, pageSize }
    : undefined;
}

/**
 * A delete of a record already gone, answered with an error result, must leave the list as it was:
 * "Results and errors are carried in the envelope fields" (7 rule 1), so a refused delete deleted
 * nothing. The list is counted (page 1 and the last) just before and after it: a record fewer is the
 * finding. A delete answered as a success (deleting what is gone may be idempotent) says nothing of
 * the rule. Five calls at most, three where the list is one page.
 */
export async function refusedDeleteTakesARecord(
  context: FlowContext,
  list: CountedList,
  remove: { readonly operation: string; readonly body: Record<string, unknown> },
): Promise<FlowFinding | undefined> {
  const before = await countList(context, list);
  if (!before) return undefined;
  const refusal = await context.call(remove.operation, remove.body);
  if (unanswered(refusal) || answered(refusal)) return undefined;
  const after = await countList(context, list);
  if (!after || after.records >= before.records) return undefined;
  const asked = JSON.stringify(remove.body);
  const body = jsonBody(refusal);
  const code = isPlainObject(body) ? `, code ${JSON.stringify(body.code)}` : '';
  return {
    instancePath: '/data/list',
    expected: `${before.records} records on the pages of ${list.operation} at ${list.pageSize} a page, as just before ${remove.operation} ${asked} of a record already deleted was refused (7 rule 1)`,
    actual: `${after.records} records after it was refused (HTTP ${refusal.response?.status}${code}): the refused delete took ${before.records - after.records === 1 ? 'a record' : `${before.records - after.records} records`}`,
    exchange: keepStep(after.last),
    steps: [...before.steps, refusal, ...after.steps].map(keepStep),
  };
}
