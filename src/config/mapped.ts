import { fillTemplate, type FlowStep, type MappedFlowSpec, mappedOperation, type OperationMap, substitutedValues } from '../catalogue/operation-map.js';
import { findListedOperation } from '../catalogue/listed-operations.js';
import type { Operation } from '../catalogue/operations.js';
import type { TokenSource } from '../engine/schedule/settings.js';
import { refusePlaceholder } from './example-placeholders.js';

export interface MappedForRun {
  readonly mapped: Operation[];
  readonly mappedFlows: MappedFlowSpec[];
  readonly tokenSource?: TokenSource;
  /** The credentials the templates took: never written anywhere. */
  readonly secrets: string[];
}

/** Placeholders a flow fills itself, step by step; they pass through the run's variables untouched. */
const flowPlaceholders = { UNIQUE: '${UNIQUE}', id: '${id}' };

/** The names of the variables templates read: `${NAME}`. */
const templateVariables = (templates: readonly unknown[]): Set<string> =>
  new Set([...JSON.stringify(templates).matchAll(/\$\{(\w+)\}/g)].flatMap(([, name]) => (name === undefined ? [] : [name])));

/** The map's operations of this run, with their templates filled from the environment, and its token operation. */
export function mappedForRun(map: OperationMap | undefined, selected: readonly string[], variables: Readonly<Record<string, string>>): MappedForRun {
  if (!map) return { mapped: [], mappedFlows: [], secrets: [] };
  const templates = [...Object.values(map.operations).map((entry) => entry.body), ...map.flows];
  for (const name of templateVariables(templates)) {
    refusePlaceholder(variables[name], name, `set ${name} to your own value (in .env or the environment): the operation map's templates send it`);
  }
  const build = (id: string): Operation => {
    const entry = map.operations[id]!;
    const body = entry.body === undefined ? undefined : fillTemplate(entry.body, variables, `the operation map's ${id}`);
    return mappedOperation(findListedOperation(id)!, entry, body);
  };
  const tokenEntry = map.operations['token-get'];
  const flowVariables = { ...variables, ...flowPlaceholders };
  const filled = (flow: MappedFlowSpec, step: FlowStep | undefined) =>
    step && { ...step, body: fillTemplate(step.body, flowVariables, `the operation map's ${flow.id}`) };
  const mappedFlows = map.flows.map((flow): MappedFlowSpec => {
    const optional = { detail: filled(flow, flow.detail), edit: filled(flow, flow.edit), delete: filled(flow, flow.delete) };
    return {
      ...flow,
      create: filled(flow, flow.create)!,
      list: filled(flow, flow.list)!,
      ...Object.fromEntries(Object.entries(optional).filter(([, step]) => step !== undefined)),
    };
  });
  return {
    mapped: Object.keys(map.operations)
      .filter((id) => selected.includes(id))
      .map(build),
    mappedFlows,
    ...(tokenEntry?.token !== undefined ? { tokenSource: { operation: build('token-get'), pointer: tokenEntry.token } } : {}),
    secrets: [...new Set(templates.flatMap((template) => substitutedValues(template, variables)))],
  };
}
