import { caughtBy, type Fault, gateFault, routeFault } from './fault.js';

/** How many characters of the header the truncating server compares: fewer than `bearer<TOKEN>` has. */
const COMPARED_CHARACTERS = 16;

/** Requests turned away or let in against sections 4 and 5: the documented path and header, and tokens that are not the valid one. */
export const authFaults: readonly Fault[] = [
  ...caughtBy({ check: 'http-status', severity: 'error' }, routeFault, [
    {
      name: 'doubled-slash-refused',
      description: 'answers 404 to the doubled-slash path, as a server that normalizes paths would',
      operationId: 'bank-card-list',
      answer: { status: 404, contentType: 'text/html', body: '<html><body>Cannot POST //pc/customer/bankCardList</body></html>' },
    },
  ]),
  ...caughtBy({ check: 'auth-documented-header', severity: 'error' }, gateFault, [
    {
      name: 'documented-header-refused',
      description: 'accepts Bearer <token> but refuses the documented bearer<token>',
      operationId: 'consignee-by-id',
      authorizes: (header, token) => header === `Bearer ${token}`,
    },
  ]),
  ...caughtBy({ check: 'auth-unauthorized-data', severity: 'warning' }, gateFault, [
    {
      name: 'data-without-token',
      description: 'serves the bank card list to calls without a valid token',
      operationId: 'bank-card-list',
      authorizes: () => true,
    },
  ]),
  // 5 rule 1; what a server answers to a wrong token is not shown, so warnings.
  ...caughtBy({ check: 'auth-near-miss-token', severity: 'warning' }, gateFault, [
    {
      name: 'near-miss-token-accepted',
      description: `compares only the first ${COMPARED_CHARACTERS} characters of the authorization header, as a fixed-width token column would`,
      operationId: 'custom-demand-list',
      authorizes: (header, token) => header !== undefined && header.slice(0, COMPARED_CHARACTERS) === `bearer${token}`.slice(0, COMPARED_CHARACTERS),
    },
    {
      name: 'token-case-insensitive',
      description: 'compares tokens case-insensitively',
      operationId: 'alpha-orders-list',
      authorizes: (header, token) => header?.toLowerCase() === `bearer${token}`.toLowerCase(),
    },
  ]),
];
