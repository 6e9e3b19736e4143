import {
  fillTemplate,
  type FlowStep,
  type MappedFlowSpec,
  mappedOperation,
  type OperationMap,
  type OperationMapEntry,
  substitutedValues,
} from '../catalogue/operation-map.js';
import { findListedOperation, type ListedOperation } from '../catalogue/listed-operations.js';
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

/** An operation of 4.1 an operation map places, with the map's entry for it. */
export interface PlacedOperation {
  readonly listed: ListedOperation;
  readonly entry: OperationMapEntry;
}

/** The operations an operation map places, in the map's order. */
export function placedOperations(map: OperationMap): PlacedOperation[] {
  return Object.entries(map.operations).map(([id, entry]) => {
    const listed = findListedOperation(id);
    if (!listed) throw new Error(`The operation map places ${id}, which 4.1 does not list; readOperationMap refuses such a map.`);
    return { listed, entry };
  });
}

/** The map's operations of this run, with their templates filled from the environment, and its token operation. */
export function mappedForRun(map: OperationMap | undefined, selected: readonly string[], variables: Readonly<Record<string, string>>): MappedForRun {
  if (!map) return { mapped: [], mappedFlows: [], secrets: [] };
  const templates = [...Object.values(map.operations).map((entry) => entry.body), ...map.flows];
  for (const name of templateVariables(templates)) {
    refusePlaceholder(variables[name], name, `set ${name} to your own value (in .env or the environment): the operation map's templates send it`);
  }
  const build = ({ listed, entry }: PlacedOperation): Operation => {
    const body = entry.body === undefined ? undefined : fillTemplate(entry.body, variables, `the operation map's ${listed.id}`);
    return mappedOperation(listed, entry, body);
  };
  const placed = placedOperations(map);
  const tokenOperation = placed.find(({ listed }) => listed.id === 'token-get');
  const flowVariables = { ...variables, ...flowPlaceholders };
  const filled = (flow: MappedFlowSpec, step: FlowStep): FlowStep => ({
    ...step,
    body: fillTemplate(step.body, flowVariables, `the operation map's ${flow.id}`),
  });
  const mappedFlows = map.flows.map((flow): MappedFlowSpec => {
    const optional = {
      detail: flow.detail && filled(flow, flow.detail),
      edit: flow.edit && filled(flow, flow.edit),
      delete: flow.delete && filled(flow, flow.delete),
    };
    return {
      ...flow,
      create: filled(flow, flow.create),
      list: filled(flow, flow.list),
      ...Object.fromEntries(Object.entries(optional).filter(([, step]) => step !== undefined)),
    };
  });
  return {
    mapped: placed.filter(({ listed }) => selected.includes(listed.id)).map(build),
    mappedFlows,
    ...(tokenOperation?.entry.token !== undefined ? { tokenSource: { operation: build(tokenOperation), pointer: tokenOperation.entry.token } } : {}),
    secrets: [...new Set(templates.flatMap((template) => substitutedValues(template, variables)))],
  };
}
