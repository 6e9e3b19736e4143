import type { Transcript } from './exchange.js';
import {
  abandoned,
  answeredTurn,
  closedBeforeAnswer,
  type ConversationOptions,
  failedTurn,
  Inbox,
  messageOf,
  open,
  readAnswer,
  saysClose,
  sentOf,
  type WireRequest,
  withinDeadline,
} from './wire-message.js';

/**
 * Writes the requests on a connection of their own all at once, none waiting for an answer
 * ("pipelining", RFC 9112 §9.3.2), then reads the answers as they come, each framed as RFC 9112
 * frames it and taken, as every HTTP/1.1 client takes it, for the answer to the request in the same
 * place: HTTP/1.1 "relies on the order of response arrival to correspond exactly to the order in
 * which requests are made on the same connection" (§9.2). A server may close the connection after
 * any answer, and "the client SHOULD retry unanswered requests": the requests it left unanswered
 * have no transcript, and none is waited for after an answer that says it closes. Each answer has
 * the timeout from the end of the one before.
 */
export async function pipeline(requests: readonly WireRequest[], options: ConversationOptions): Promise<Transcript[]> {
  const origin = new URL(options.origin);
  if (options.abandon?.aborted) return abandoned(requests, origin);
  const socket = open(origin, options);
  const inbox = new Inbox(socket, options.maxBytes);
  const transcripts: Transcript[] = [];
  try {
    socket.write(Buffer.concat(requests.map((request) => messageOf(request, origin.host))));
    let started = performance.now();
    for (const [index, request] of requests.entries()) {
      try {
        const answer = await withinDeadline(options, (deadline) => readAnswer(inbox, request.method, deadline));
        if (answer === undefined && index > 0) break;
        if (answer === undefined) throw closedBeforeAnswer(inbox);
        const ended = performance.now();
        transcripts.push(answeredTurn(sentOf(request, origin), answer, ended - started, {}, options.roomToParse));
        started = ended;
        if (saysClose(answer.head)) break;
      } catch (error) {
        transcripts.push(failedTurn(sentOf(request, origin), error, started));
        break;
      }
    }
  } finally {
    socket.destroy();
  }
  return transcripts;
}
