import { namesAPassword } from '../../checks/secret-names.js';
import type { Flow, FlowOutcome } from '../flow.js';

/** The one member of a body whose name says it holds a password, with a text value; undefined where there is none, or more than one. */
export function passwordFieldOf(body: Readonly<Record<string, unknown>>, named: (name: string) => boolean = () => true): string | undefined {
  const fields = Object.keys(body).filter((name) => namesAPassword(name) && named(name) && typeof body[name] === 'string' && body[name] !== '');
  return fields.length === 1 ? fields[0] : undefined;
}

/**
 * The member's sign-in as the run's operation map writes it: the token operation's body (4.1, 5 rule 3),
 * with the password it signs in with. Undefined where the map gives that operation no body with one
 * password: the kit then does not know the member's password.
 */
export function mappedSignIn(mappedBody: (operationId: string) => Readonly<Record<string, unknown>> | undefined) {
  const body = mappedBody('token-get');
  const field = body && passwordFieldOf(body);
  return body && field ? { body, field, password: body[field] as string } : undefined;
}

/** A password as long as `password` that shares no character with it at any place: surely not the member's, and the same on every run. */
export const otherPassword = (password: string): string => [...password].map((character) => (character === 'x' ? 'y' : 'x')).join('');

/** What the flows that sign the member in with the map's credentials enforce, and the operations they call. */
export const signInFlowClause: Pick<Flow, 'rule' | 'quote' | 'severity' | 'operations'> = {
  rule: '5 rule 3',
  quote: 'A token is obtained with the token operation (group Token, POST, listed in 4.1). … /pc/auth/login | mobile, password',
  severity: 'warning',
  operations: ['token-get', 'login'],
};

/** Where the map gives the token operation no body with one password, the flows that sign in with it do not run. */
export const noMappedSignIn: FlowOutcome = { completed: false, reason: 'the operation map gives the token operation no body with a password', findings: [] };
