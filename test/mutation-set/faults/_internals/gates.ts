/** Requests let in past the authentication filter: a path the router maps to an operation's handler that the filter does not cover. */

import { type Fault, type FaultFacts, gateFault } from '../../../../src/reference/faults/fault.js';
import { pathOf } from './answers.js';
import type { IncomingMessage } from 'node:http';

/** A fault in how requests are let in that also takes them over before routing (it may rename their path or mark them). */
export function interceptedGateFault(facts: FaultFacts & Required<Pick<Fault, 'authorizes' | 'interceptor'>>): Fault {
  return { ...gateFault(facts), interceptor: facts.interceptor };
}

/** Marks a request the filter never saw; no header value can hold a NUL, so no client can send it. */
const UNFILTERED = '\u0000not seen by the authentication filter';

/** The documented rule, and the requests the filter never saw. */
const documentedOrUnfiltered: NonNullable<Fault['authorizes']> = (header, token) => header === UNFILTERED || header === `bearer${token}`;

/**
 * Requests to `path` routed to the operation's handler, and let through without the authorization
 * its documented path needs; the documented path keeps the documented rule.
 */
export function pastTheFilter(operationId: string, path: string): Required<Pick<Fault, 'interceptor' | 'authorizes'>> {
  const documentedPath = pathOf(operationId);
  return {
    interceptor: () => (req) => {
      if (req.url === path) {
        req.url = documentedPath;
        req.headers.authorization = UNFILTERED;
      }
      return false;
    },
    authorizes: documentedOrUnfiltered,
  };
}

/**
 * Requests to the operation's documented path that `waved` picks (by what they carry besides the
 * token), let through without authorization; the others keep the documented rule.
 */
export function wavedThrough(operationId: string, waved: (req: IncomingMessage) => boolean): Required<Pick<Fault, 'interceptor' | 'authorizes'>> {
  const documentedPath = pathOf(operationId);
  return {
    interceptor: () => (req) => {
      if (req.url === documentedPath && waved(req)) req.headers.authorization = UNFILTERED;
      return false;
    },
    authorizes: documentedOrUnfiltered,
  };
}
