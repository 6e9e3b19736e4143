import { type Fault, gateFault } from './fault.js';

const warning = 'warning' as const;

/** How many characters of the header the truncating server compares: fewer than `bearer<TOKEN>` has. */
const COMPARED_CHARACTERS = 16;

/** Token comparisons that let in a token that is not the valid one (5 rule 1; the answer is not shown, so warnings). */
export const authFaults: readonly Fault[] = [
  gateFault({
    name: 'near-miss-token-accepted',
    description: `compares only the first ${COMPARED_CHARACTERS} characters of the authorization header, as a fixed-width token column would`,
    operationId: 'custom-demand-list',
    expect: { check: 'auth-near-miss-token', severity: warning },
    authorizes: (header, token) => header !== undefined && header.slice(0, COMPARED_CHARACTERS) === `bearer${token}`.slice(0, COMPARED_CHARACTERS),
  }),
  gateFault({
    name: 'token-case-insensitive',
    description: 'compares tokens case-insensitively',
    operationId: 'alpha-orders-list',
    expect: { check: 'auth-near-miss-token', severity: warning },
    authorizes: (header, token) => header?.toLowerCase() === `bearer${token}`.toLowerCase(),
  }),
];
