import { findGroup } from '../catalogue/groups.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { RequestProgress } from '../engine/schedule/request-count.js';
import { listenToProgress } from '../vitest-adapter/progress-channel.js';
import { countSeverities } from './report.js';

export interface ProgressOutput {
  /** Live lines that redraw in place (a terminal), or one line per finished group (CI logs). */
  readonly tty: boolean;
  write(text: string): void;
}

interface GroupState {
  readonly title: string;
  readonly total: number;
  done: number;
  requests: number;
  results: Array<OperationResult | FlowResult>;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** An answer awaited this long is named on the progress line. */
const SLOW_MS = 1000;

/**
 * Progress of a run, by group: operations (and flows) done out of total, requests, deviations so
 * far; on a terminal also the requests answered while the run waits, and the slowest in flight.
 */
export class Progress {
  private readonly groups = new Map<string, GroupState>();
  private drawn = 0;
  private requests: RequestProgress | undefined;
  private readonly stopListening: (() => void) | undefined;

  constructor(
    private readonly output: ProgressOutput,
    totals: ReadonlyArray<{ readonly group: string; readonly tests: number }>,
  ) {
    for (const { group, tests } of totals) {
      this.groups.set(group, { title: findGroup(group)?.title ?? group, total: tests, done: 0, requests: 0, results: [] });
    }
    if (output.tty) {
      this.stopListening = listenToProgress((requests) => this.heard(requests));
      this.redraw();
    }
  }

  /** No more request progress: the run is over. */
  close(): void {
    this.stopListening?.();
  }

  /** The schedule's request counts: posted by the suites' worker, or read from a schedule in this process. */
  heard(requests: RequestProgress): void {
    if (!this.output.tty) return;
    this.requests = requests;
    this.redraw();
  }

  /** One operation or flow finished. */
  advance(result: OperationResult | FlowResult): void {
    const state = this.groups.get(result.group);
    if (!state) return;
    state.done++;
    state.requests += result.exchanges;
    state.results.push(result);
    if (this.output.tty) this.redraw();
    else if (state.done === state.total) this.output.write(`${this.line(state)}\n`);
  }

  private line(state: GroupState): string {
    const counts = countSeverities(state.results.flatMap((r) => r.deviations));
    // A finished group is ticked only when it has no error: a tick beside "2 errors" reads as passed.
    const mark = state.done < state.total ? '…' : counts.errors > 0 ? '✗' : '✓';
    return `  ${mark} ${state.title.padEnd(26)} ${`${state.done}/${state.total}`.padStart(5)}  ${plural(state.requests, 'request').padEnd(14)} ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}, ${plural(counts.infos, 'info')}`;
  }

  private requestLine(): string {
    const requests = this.requests;
    if (!requests) return '  requests: starting…';
    const slowest =
      requests.slowest && requests.slowest.waitingMs >= SLOW_MS
        ? ` · slowest in flight ${requests.slowest.operation} (${(requests.slowest.waitingMs / 1000).toFixed(1)} s)`
        : '';
    return `  requests: ${requests.done} answered of ${requests.queued} sent so far${slowest}`;
  }

  private redraw(): void {
    const lines = [...[...this.groups.values()].map((state) => this.line(state)), this.requestLine()];
    const up = this.drawn > 0 ? `\u001b[${this.drawn}A` : '';
    this.output.write(`${up}${lines.map((line) => `\u001b[2K${line}\n`).join('')}`);
    this.drawn = lines.length;
  }
}
