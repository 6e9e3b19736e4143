import { answered } from '../call-record.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

/**
 * A value a nested quantifier backtracks on: a long run of word characters (digits, letters) and then
 * one character outside them, which makes a pattern such as /^(\d+)+$/ fail only after trying every
 * way to split the run.
 */
const BACKTRACKING_VALUE = /^\w{24,}\W$/;

/** Slower than this, in ms, before an answer is worth a second look: no stall of a clean server on a busy machine is meant to reach it twice. */
export const SLOW_FLOOR_MS = 1000;
/** And this many times the median answer of the operation's other calls: a machine slowed as a whole slows those too. */
export const SLOW_RATIO = 10;
/** Other answers the median needs, at least, to stand for the operation. */
const MEDIAN_OF_AT_LEAST = 8;

/** Whether the call asked a backtracking value in one of its fields. */
const asksBacktracking = (call: CallRecord) => Object.values(call.asked).some((value) => typeof value === 'string' && BACKTRACKING_VALUE.test(value));

const generated = (call: CallRecord) => call.intent === 'conforming' || call.intent === 'hostile';

/** The median time of the answers to the operation's other generated calls, or undefined where too few were answered. */
function medianOfOthers(calls: readonly CallRecord[]): number | undefined {
  const times = calls
    .filter((call) => generated(call) && answered(call) && !asksBacktracking(call))
    .map((call) => call.durationMs)
    .sort((a, b) => a - b);
  return times.length < MEDIAN_OF_AT_LEAST ? undefined : times[Math.floor(times.length / 2)];
}

/**
 * The calls that asked a backtracking value and were answered far slower than the others: past
 * SLOW_FLOOR_MS and SLOW_RATIO times the median. The engine sends each once more, with the same
 * path, so that the check judges a slow answer only where it came twice.
 */
export function slowBacktrackingCalls(calls: readonly CallRecord[]): CallRecord[] {
  const median = medianOfOthers(calls);
  if (median === undefined) return [];
  return calls.filter((call) => generated(call) && answered(call) && asksBacktracking(call) && call.durationMs >= Math.max(SLOW_FLOOR_MS, SLOW_RATIO * median));
}

export const backtrackingTime: OperationCheck = {
  id: 'backtracking-answer-time',
  scope: 'operation',
  ...clause('bounds-not-shown'),
  standards: ['owasp-api4-execution-time'],
  severity: 'warning',
  title: 'A value that makes a pattern backtrack holds the answer',
  description: `The coverage pass sends every string field a run of 30 digits and then "!": a pattern that nests a quantifier (/^(\\d+)+$/, /^(\\w+)*$/) tries every way to split the run before it fails, twice the time for each digit more, and in a server of one thread every other request waits meanwhile. A call whose answer took at least ${SLOW_FLOOR_MS / 1000} s and ${SLOW_RATIO} times the median answer of the operation's other calls is sent once more, and reported only where that answer is as slow again: a stall of a busy machine does not come twice to the same call while the other answers stay quick. A refusal that comes at once is what a bounded pattern, or a length checked first, answers ("Execution timeouts", OWASP API4). A warning: the spec shows no bounds (8).`,
  run(calls) {
    const slow = slowBacktrackingCalls(calls);
    // The first answer and the one to the same call sent again share a path.
    const twice = slow.filter((call, index) => slow.findIndex((other) => other.path === call.path) !== index);
    const [again] = twice;
    // Found among the slow calls before it, as `twice` holds only the later call of a path.
    const first = again && slow.find((call) => call.path === again.path);
    if (!again || !first) return [];
    return [
      {
        instancePath: '',
        expected: `an answer about as quick as the operation's others`,
        actual: `past ${SLOW_FLOOR_MS / 1000} s and ${SLOW_RATIO} times their median, and as slow when sent again: a field sent a run of word characters and then one outside them`,
        occurrences: twice.length,
        calls: [first, again],
      },
    ];
  },
};
