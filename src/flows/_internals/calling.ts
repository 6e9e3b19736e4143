import { findListedOperation } from '../../catalogue/listed-operations.js';
import { findOperation } from '../../catalogue/operations.js';
import type { Flow } from '../flow.js';

/** The rows of section 4 the operations are (`4 #9 #10`), then 4.1 where some are listed only there. */
export function rowsOf(operationIds: readonly string[]): string[] {
  const numbers = [...new Set(operationIds.flatMap((id) => findOperation(id)?.number ?? []))].sort((a, b) => a - b);
  const listedOnly = operationIds.some((id) => findOperation(id) === undefined);
  return [...(numbers.length > 0 ? [`4 ${numbers.map((number) => `#${number}`).join(' ')}`] : []), ...(listedOnly ? ['4.1'] : [])];
}

/**
 * What a flow over operations of the catalogue takes from it, so that no fact of an operation is
 * written again: the operations it calls; its group, that of the first of them that changes state
 * (whose records the flow makes or removes), else of the first; and its rule, the record sections
 * it rests on, then the rows of section 4 it calls and 4.1.
 */
export function calling(operations: readonly string[], recordSections: readonly string[] = []): Pick<Flow, 'operations' | 'group' | 'rule'> {
  const found = operations.map((id) => findOperation(id) ?? findListedOperation(id));
  const known = found.flatMap((operation) => (operation ? [operation] : []));
  const home = known.find((operation) => operation.mutates) ?? known[0];
  if (!home || known.length < operations.length) throw new Error(`A flow calls an operation the catalogue does not hold: ${operations.join(', ')}.`);
  return { operations, group: home.group, rule: [...recordSections, ...rowsOf(operations)].join(', ') };
}
