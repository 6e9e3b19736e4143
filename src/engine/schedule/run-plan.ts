import { setMaxListeners } from 'node:events';
import type { Operation } from '../../catalogue/operations.js';
import type { Flow, WalkedList } from '../../flows/flow.js';
import { extend } from '../../objects.js';
import { sharedValidator } from '../../validation/validator.js';
import { clientForRun, operationContext } from './context.js';
import { countingClient, type RequestProgress } from './request-count.js';
import { type FlowResult, runFlow } from './run-flow.js';
import { bodyLimitOperation, preflightOperations } from '../operation/http-probes.js';
import { type ListedSource, lookupByKey, sampleLookup } from '../operation/listed-lookups.js';
import type { ListedEnds } from '../operation/page-walk.js';
import { cleanUp, type LeftRecord, type MadeCall, makesRecords } from '../operation/made-records.js';
import { findOperation, operations } from '../../catalogue/operations.js';
import { type OperationResult, startOperation } from '../operation/run-operation.js';
import type { RunSettings } from './settings.js';
import type { HeapWatch } from './heap-watch.js';

/** What a run calls: operations (documented and mapped) and the flows over them. */
export interface RunScope {
  readonly operations: readonly Operation[];
  readonly flows: readonly Flow[];
}

/** A create's result with the records it left on the server, and the calls the clean-up took. */
function withLeft(result: OperationResult, cleaned: { left: readonly LeftRecord[]; sent: number } | undefined): OperationResult {
  if (!cleaned) return result;
  return extend(result, { exchanges: result.exchanges + cleaned.sent, ...(cleaned.left.length > 0 ? { leftOnServer: cleaned.left } : {}) });
}

/** A run under way: each result as a promise, and the whole run. */
export interface RunningChecks {
  operation(id: string): Promise<OperationResult>;
  flow(id: string): Promise<FlowResult>;
  progress(): RequestProgress;
  /**
   * Stops the run's traffic: no call goes out after it and calls in flight are cut. The results
   * still settle, soon, but of work cut short: whoever cancels reads none of them as a verdict.
   */
  cancel(): void;
  /** Every result, operations then flows, in the order of the scope; settles once the client is closed. */
  readonly finished: Promise<{ readonly operations: readonly OperationResult[]; readonly flows: readonly FlowResult[] }>;
}

/**
 * The run's one schedule, shared by the suites, the mutation runner, bench and the library API.
 * One client, so one pool of `concurrency` requests in flight and one `--rate` for the whole run:
 * the groups run side by side, and in each the operations that only read start at once, so the
 * pool stays full and a slow answer holds one slot, not the run. What changes a group's state keeps
 * an order, so that the same seed gives the same answers and the same report: once the group's
 * reads are answered, its state-changing operations one after another in catalogue order, then
 * its flows, each after the earlier flows that call one of its operations (flows over other
 * records, the bank cards' and the consignees', go side by side).
 *
 * No state change of any group starts before every page walk of the run has read its last page:
 * the walk's checks judge its pages as one unchanged list, and what a state change touches is not
 * shown (1). A group is no fence: a consignment deleted answers a purchase order record (#6), so
 * publishing or deleting one may change the purchase order list, and an order placed may add to a
 * list of invoices.
 *
 * With a heap watch (the suite worker's), the run's parses are weighed against the heap and the
 * heap is looked at while the run lasts: once it runs short, the run is cancelled.
 */
export function startRun(settings: RunSettings, scope: RunScope, heap?: HeapWatch): RunningChecks {
  const { client: sender, redactor } = clientForRun(settings, heap);
  const { client, progress } = countingClient(sender);
  const cancelled = new AbortController();
  // Every operation and flow under way listens for it: many more than Node's leak warning expects.
  setMaxListeners(0, cancelled.signal);
  heap?.whenShort(() => cancelled.abort());
  const stopWatching = heap?.watch();
  const bodyLimit = bodyLimitOperation(scope.operations);
  const context = {
    ...operationContext(settings, client, sharedValidator(), redactor),
    cancelled: cancelled.signal,
    ...(bodyLimit === undefined ? {} : { bodyLimitOperation: bodyLimit }),
    preflightOperations: preflightOperations(scope.operations),
  };
  // Each result is redacted whole as it leaves the engine, by the redactor that knows the tokens
  // issued during the run (only the engine does): what the server said beside the evidence
  // (envelope codes, flow reasons) and tokens issued after evidence was written are caught here.
  const finish = <T extends OperationResult | FlowResult>(result: T): T => redactor.deep(result);
  /** The page walks under way: every state change waits for them all. */
  const walks: Promise<void>[] = [];
  /** What each list's walk read at its ends, by operation id: what the lookups of its records ask for. */
  const listEnds = new Map<string, Promise<ListedEnds | undefined>>();
  /** A lookup's list: walked in this run, or read at its ends by the lookup itself where the run has it and does not walk it. */
  const listedSource = (listId: string | undefined): ListedSource | undefined => {
    if (listId === undefined) return undefined;
    const walked = listEnds.get(listId);
    if (walked) return { walked };
    const list = findOperation(listId) ?? settings.mapped.find((op) => op.id === listId);
    return list?.paging ? { list } : undefined;
  };
  /** An operation's result, with the calls that made records (OperationRun.made). */
  const checkMaking = async (operation: Operation) => {
    const run = startOperation(operation, context, listedSource(operation.listedIn));
    walks.push(run.walked);
    // Only a walk reads a list's ends; without one (the quick pass) a lookup reads its list's first page itself.
    if (operation.paging && context.coverage) listEnds.set(operation.id, run.ends);
    return { result: finish(await run.result), made: await run.made };
  };
  const checkOperation = async (operation: Operation) => (await checkMaking(operation)).result;
  /** What the group's creates made, deleted where a delete is documented and the run can tell its records; what stays, by the create's id. */
  const cleanUpAfter = async (made: ReadonlyMap<Operation, Promise<{ made: readonly MadeCall[] }>>) => {
    const left = new Map<string, { left: readonly LeftRecord[]; sent: number }>();
    for (const [operation, checked] of made) {
      const recipe = [...(context.ownRecords?.values() ?? [])].find((candidate) => candidate.create.operation.id === operation.id);
      const walkedBefore = recipe && (await listEnds.get(recipe.list.operation.id));
      left.set(
        operation.id,
        await cleanUp(operation, (await checked).made, recipe, walkedBefore, { client, lanes: settings.concurrency, cancelled: cancelled.signal }),
      );
    }
    return left;
  };
  /** A list as its walk read it whole, with the lookup of its records the run calls, for the flows that create records in it. */
  const walked = async (listId: string): Promise<WalkedList | undefined> => {
    const whole = (await listEnds.get(listId))?.whole;
    if (!whole) return undefined;
    // The lookup the catalogue or the run's map pairs with the list, called by the flow whether or not the run checks it.
    const lookup = [...operations, ...settings.mapped].find((op) => op.listedIn === listId && op.lookup === true && !op.mutates);
    const sample = lookup && sampleLookup(lookup);
    return {
      operation: listId,
      body: whole.body,
      pageSize: whole.pageSize,
      pages: whole.pages.length,
      keys: whole.keys,
      ...(lookup ? { lookUp: (key: string) => lookupByKey(lookup, key) } : {}),
      ...(sample ? { sample } : {}),
    };
  };
  const checkFlow = async (flow: Flow) =>
    finish(
      await runFlow(flow, {
        client,
        seed: settings.seed,
        token: settings.token,
        redactor,
        validator: context.validator,
        checks: context.checks,
        mapped: settings.mapped,
        cancelled: cancelled.signal,
        walked,
      }),
    );

  const operationRuns = new Map<string, Promise<OperationResult>>();
  const flowRuns = new Map<string, Promise<FlowResult>>();
  const groups = [...new Set([...scope.operations.map((op) => op.group), ...scope.flows.map((flow) => flow.group)])];
  const readsOf = (group: string) => scope.operations.filter((op) => op.group === group && !op.mutates);
  // Every group's reads first, so that every walk is under way before anything waits for them; the
  // lookups last, so that the walk of the list whose records they ask for is under way. A lookup is
  // a read of its group, so the group's state changes wait for it: what it asks for is what the walk read.
  const reads = groups.flatMap(readsOf);
  for (const operation of [...reads.filter((op) => op.listedIn === undefined), ...reads.filter((op) => op.listedIn !== undefined)])
    operationRuns.set(operation.id, checkOperation(operation));
  const everyWalk = Promise.all(walks);
  for (const group of groups) {
    const ofGroup = scope.operations.filter((op) => op.group === group);
    let previous: Promise<unknown> = Promise.allSettled([everyWalk, ...readsOf(group).map((op) => operationRuns.get(op.id))]);
    const after = <T>(step: () => Promise<T>): Promise<T> => {
      const next = previous.then(step);
      previous = next.catch(() => undefined);
      return next;
    };
    const making = new Map<Operation, Promise<{ result: OperationResult; made: readonly MadeCall[] }>>();
    for (const operation of ofGroup.filter((op) => op.mutates)) {
      const checked = after(() => checkMaking(operation));
      if (makesRecords(operation)) making.set(operation, checked);
      else
        operationRuns.set(
          operation.id,
          checked.then((outcome) => outcome.result),
        );
    }
    // After the group's state changes, each flow waits only for the group's earlier flows that call one of its operations:
    // flows over other records go side by side, as other clients' calls would.
    const operationsDone = previous;
    const flowsRun: { readonly flow: Flow; readonly settled: Promise<unknown> }[] = [];
    for (const flow of scope.flows.filter((candidate) => candidate.group === group)) {
      const sharing = flowsRun.filter((earlier) => earlier.flow.operations.some((id) => flow.operations.includes(id)));
      const run = Promise.all([operationsDone, ...sharing.map((earlier) => earlier.settled)]).then(() => checkFlow(flow));
      flowsRun.push({ flow, settled: run.catch(() => undefined) });
      flowRuns.set(flow.id, run);
    }
    previous = Promise.all([operationsDone, ...flowsRun.map((run) => run.settled)]);
    // Once the group's flows are done, the run deletes what its creates made and still holds; each create's result says what stays.
    const cleaned = making.size > 0 ? after(() => cleanUpAfter(making)) : undefined;
    for (const [operation, checked] of making)
      operationRuns.set(
        operation.id,
        Promise.all([checked, cleaned]).then(([{ result }, left]) => withLeft(result, left?.get(operation.id))),
      );
  }

  const lookup = <T>(runs: Map<string, Promise<T>>, kind: string, id: string): Promise<T> =>
    runs.get(id) ?? Promise.reject(new Error(`the run does not call the ${kind} ${id}`));
  const all = <T>(runs: Iterable<Promise<T>>) => Promise.allSettled(runs);
  const finished = (async () => {
    const [operationsSettled, flowsSettled] = await Promise.all([
      all(scope.operations.map((op) => lookup(operationRuns, 'operation', op.id))),
      all(scope.flows.map((flow) => lookup(flowRuns, 'flow', flow.id))),
    ]);
    await client.close();
    stopWatching?.();
    const failed = [...operationsSettled, ...flowsSettled].find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const values = <T>(settled: PromiseSettledResult<T>[]) => settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
    return { operations: values(operationsSettled), flows: values(flowsSettled) };
  })();
  // A run whose results are read one by one may never read `finished`: its failure is seen through them.
  finished.catch(() => undefined);

  return {
    operation: (id) => lookup(operationRuns, 'operation', id),
    flow: (id) => lookup(flowRuns, 'flow', id),
    progress,
    cancel: () => cancelled.abort(),
    finished,
  };
}
