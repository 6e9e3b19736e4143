import type { Socket } from 'node:net';
import type { ConnectionFacts, SentRequest, Transcript } from './exchange.js';
import {
  abandoned,
  type Answer,
  answeredTurn,
  closedBeforeAnswer,
  type ConversationOptions,
  deadlineOf,
  failedTurn,
  framedContent,
  HEADER_END,
  headText,
  Inbox,
  lists,
  messageOf,
  open,
  readAnswer,
  saysClose,
  sentOf,
  until,
  type WireRequest,
  withinDeadline,
} from './wire-message.js';

export type { ConversationOptions, WireRequest } from './wire-message.js';

/**
 * Sends the requests one after another on one connection, each once the answer before it has
 * come, and reads each answer as RFC 9112 frames it: what a client that keeps its connection open
 * meets. Besides each answer it learns what no single answer shows (ConnectionFacts): a connection
 * closed after an answer that did not say so, and octets after an answer's end, which no request
 * asked for (a second answer among them). A request the closed connection could not take is sent
 * on a new one, once; one after octets nobody asked for goes on a new one. Where the last request asks for
 * `connection: close`, the server's close ends the conversation, and what it sent after the last
 * answer is weighed; where it does not (an HTTP/1.0 request, which needs no asking), the
 * conversation ends with the last answer. Interim (1xx) answers are read past and kept; a request
 * that expects 100-continue waits for one before its content (writeRequest).
 */
export async function converse(requests: readonly WireRequest[], options: ConversationOptions): Promise<Transcript[]> {
  const origin = new URL(options.origin);
  const transcripts: Transcript[] = [];
  if (options.abandon?.aborted) return abandoned(requests, origin);
  let socket = open(origin, options);
  let inbox = new Inbox(socket, options.maxBytes);
  const reconnect = () => {
    socket.destroy();
    socket = open(origin, options);
    inbox = new Inbox(socket, options.maxBytes);
  };
  let reopened = false;
  /** Whether each answer said the connection closes after it. */
  const closing: boolean[] = [];
  try {
    // A request sent again on a new connection is read again at the same index (index-- below).
    for (let index = 0, request = requests[0]; request !== undefined; request = requests[++index]) {
      const current = request;
      const sent = sentOf(current, origin);
      const started = performance.now();
      const last = index === requests.length - 1;
      const mayReopen = index > 0 && !reopened;
      try {
        const { answer, after, withheld } = await withinDeadline(options, async (deadline) => {
          if (inbox.closed && mayReopen) throw new Reopen();
          const withheld = await writeRequest(socket, inbox, current, origin.host, deadline);
          const answer = await readAnswer(inbox, current.method, deadline);
          if (answer === undefined) throw mayReopen ? new Reopen() : closedBeforeAnswer(inbox);
          // Before the next request, only what has already come: a second answer written later is told from the answer to
          // that request by no client but one that waits, and a clean server must cost no wait.
          const after =
            last && asksClose(current)
              ? await octetsBeforeClose(inbox, options.maxBytes, Math.max(CLOSE_GRACE_MS, CLOSE_GRACE_ANSWERS * (performance.now() - started)))
              : afterAnswer(inbox, options.maxBytes);
          return { answer, after, withheld };
        });
        closing[index] = saysClose(answer.head);
        transcripts.push(transcriptOf(sent, answer, performance.now() - started, after, withheld, options.roomToParse));
        // The server still counts on the content its Content-Length announced, as curl then assumes; or it sent what
        // no request asked for, and "the client SHOULD close the connection, since message delimitation is now
        // ambiguous" (RFC 9112 §9.2): either way the next request goes on a new connection.
        if ((withheld || after.octets > 0) && !last) reconnect();
      } catch (error) {
        if (error instanceof Reopen) {
          // Unless the answer before said it would, the server closed a connection it should have kept.
          const previous = transcripts[index - 1];
          if (previous?.response && !closing[index - 1]) transcripts[index - 1] = withConnection(previous, { closedUnannounced: true });
          reconnect();
          reopened = true;
          index--;
          continue;
        }
        transcripts.push(failedTurn(sent, error, started));
        break;
      }
    }
  } finally {
    socket.destroy();
  }
  return transcripts;
}

/**
 * How long the last answer's connection is watched for octets before the server closes it: what
 * comes after an answer comes with it, and a server that keeps a connection it was asked to close
 * must not hold the operation for a whole timeout. A second, or CLOSE_GRACE_ANSWERS times as long as
 * the answer itself took where that is longer: a server slow to answer (or a machine busy) is as slow
 * to close, and is not taken for one that keeps the connection.
 */
const CLOSE_GRACE_MS = 1000;
const CLOSE_GRACE_ANSWERS = 10;

/** Whether a request's Connection field lists `close` (RFC 9112 §9.6). */
const asksClose = (request: WireRequest) => lists(request, 'connection', 'close');

/**
 * How long a request that expects 100-continue waits for a 100 (Continue) before it sends its
 * content regardless, as curl waits: "A client that sends a 100-continue expectation is not required
 * to wait for any specific length of time" (RFC 9110 §10.1.1), and a server that sends no 100 must
 * not hold the call for a whole timeout.
 */
const CONTINUE_WAIT_MS = 1000;

/** Thrown when the wait for a 100 (Continue) is over. */
class WaitOver extends Error {}

/**
 * Writes the request. One with content that asks `Expect: 100-continue` goes as a client that asks
 * it sends it: its head, then its content once a 100 (Continue) has come, or after CONTINUE_WAIT_MS
 * without an answer. Where a final answer came first the content is not sent, as curl stops: true then.
 */
async function writeRequest(socket: Socket, inbox: Inbox, request: WireRequest, host: string, deadline: Promise<never>): Promise<boolean> {
  if (request.body === undefined || !lists(request, 'expect', '100-continue')) {
    socket.write(messageOf(request, host));
    return false;
  }
  socket.write(headText(request, host));
  let timer: NodeJS.Timeout | undefined;
  const over = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new WaitOver()), CONTINUE_WAIT_MS)));
  const waiting = Promise.race([deadline, over]);
  // Nobody may be waiting on it when the deadline fires later.
  waiting.catch(() => undefined);
  try {
    await until(inbox, waiting, (pending) => (pending.includes(HEADER_END) ? true : undefined));
  } catch (error) {
    if (!(error instanceof WaitOver)) throw error;
  } finally {
    clearTimeout(timer);
  }
  if (FINAL_STATUS.test(inbox.pending.subarray(0, 13).toString('latin1'))) return true;
  socket.write(framedContent(request));
  return false;
}

/** The start of a status line of a final answer (not 1xx). */
const FINAL_STATUS = /^HTTP\/\d\.\d [2-9]\d\d/;

/** Thrown when the connection is found closed before the next request could be answered on it. */
class Reopen extends Error {}

/** What the server sent after an answer's end: how many octets, and whether more came than the cap lets the kit read. */
interface AfterAnswer {
  readonly octets: number;
  readonly beyondCap: boolean;
  /** The status line they begin with, where they begin with one: a second answer. */
  readonly statusLine?: string;
  /** Asked to close, the server still held the connection open at the end of the grace. */
  readonly keptOpen?: boolean;
}

/** A status line at the start of octets, to the end of its line. */
const LEADING_STATUS_LINE = /^HTTP\/\d\.\d \d{3}[^\r\n]*/;

/** At most this much of a status line after an answer is kept: enough to show its code and reason. */
const STATUS_LINE_KEPT = 120;

/**
 * The octets come by now after an answer's end, and the status line they begin with. Empty lines
 * alone are nothing: a client may discard "one or more CRLF" that come unasked (RFC 9112 §9.2), and
 * the kit does, before the next request reads its answer.
 */
function afterAnswer(inbox: Inbox, cap: number): AfterAnswer {
  if (inbox.overflowed) return { octets: cap, beyondCap: true };
  const pending = inbox.pending;
  if (/^[\r\n]*$/.test(pending.toString('latin1'))) {
    inbox.take(pending.length);
    return { octets: 0, beyondCap: false };
  }
  const line = LEADING_STATUS_LINE.exec(pending.subarray(0, STATUS_LINE_KEPT).toString('latin1'))?.[0];
  return { octets: pending.length, beyondCap: false, ...(line === undefined ? {} : { statusLine: line }) };
}

/**
 * Octets the server sent after the last answer's end, up to its close (or the deadline, which a
 * server that keeps the connection open reaches); the cap, where more came than it allows.
 */
async function octetsBeforeClose(inbox: Inbox, cap: number, graceMs: number): Promise<AfterAnswer> {
  const grace = deadlineOf(graceMs, undefined);
  try {
    await until(inbox, grace.promise, () => undefined);
  } catch {
    // Still open after the grace, or past the cap: what came by then is what counts.
  } finally {
    grace.clear();
  }
  return { ...afterAnswer(inbox, cap), ...(inbox.overflowed ? {} : { keptOpen: !inbox.closed }) };
}

function withConnection(transcript: Transcript, facts: ConnectionFacts): Transcript {
  return { ...transcript, connection: { ...transcript.connection, ...facts } };
}

function transcriptOf(
  sent: SentRequest,
  answer: Answer,
  ms: number,
  after: AfterAnswer,
  withheld: boolean,
  roomToParse: ConversationOptions['roomToParse'],
): Transcript {
  return answeredTurn(
    sent,
    answer,
    ms,
    {
      ...(after.octets > 0 ? { octetsAfterAnswer: after.octets } : {}),
      ...(after.beyondCap ? { octetsAfterAnswerBeyondCap: true as const } : {}),
      ...(after.statusLine === undefined ? {} : { statusLineAfterAnswer: after.statusLine }),
      ...(after.keptOpen === true ? { keptOpenAfterClose: true as const } : {}),
      ...(withheld ? { contentWithheld: true as const } : {}),
    },
    roomToParse,
  );
}
