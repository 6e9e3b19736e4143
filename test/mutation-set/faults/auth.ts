import { answerAfterBody, gateFault, interceptFault, routeFault } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

/** How many characters of the header the truncating server compares: fewer than `bearer<TOKEN>` has. */
const COMPARED_CHARACTERS = 16;

/** Requests turned away or let in against sections 4 and 5: the documented path and header, and tokens that are not the valid one. */
export const authFaults: readonly PlantedFault[] = [
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
    {
      name: 'bearer-space-only',
      description: 'accepts only Bearer <token>, at every operation, as a stock bearer-token middleware does',
      operationId: 'custom-demand-list',
      authorizes: (header, token) => header === `Bearer ${token}`,
      throughout: true,
    },
  ]),
  ...caughtBy({ check: 'documented-path', severity: 'error' }, interceptFault, [
    {
      name: 'single-slash-paths-only',
      description:
        'serves /pc/… and /auth/… with a single slash and answers 404 to the documented //pc/…, as a server that routes before it keeps the raw path',
      operationId: 'custom-demand-list',
      interceptor: () => (req, res) => {
        const url = req.url ?? '';
        if (url.startsWith('//')) {
          answerAfterBody(req, res, { status: 404, contentType: 'text/html', body: '<html><body><h1>404 Not Found</h1></body></html>' });
          return true;
        }
        // What the server does serve is the operation at the single-slash path: routed as the documented one.
        if (/^\/(pc|auth)\//.test(url)) req.url = `/${url}`;
        return false;
      },
    },
  ]),
  ...caughtBy({ check: 'auth-unauthorized-data', severity: 'warning' }, gateFault, [
    {
      name: 'data-without-token',
      breaks: ['owasp-api2-token-authenticity'],
      description: 'serves the bank card list to calls without a valid token',
      operationId: 'bank-card-list',
      authorizes: () => true,
    },
  ]),
  // 5 rule 1; what a server answers to a wrong token is not shown, so warnings.
  ...caughtBy({ check: 'auth-near-miss-token', severity: 'warning' }, gateFault, [
    {
      name: 'near-miss-token-accepted',
      breaks: ['owasp-api2-token-authenticity'],
      description: `compares only the first ${COMPARED_CHARACTERS} characters of the authorization header, as a fixed-width token column would`,
      operationId: 'custom-demand-list',
      authorizes: (header, token) => header !== undefined && header.slice(0, COMPARED_CHARACTERS) === `bearer${token}`.slice(0, COMPARED_CHARACTERS),
    },
    {
      name: 'token-case-insensitive',
      breaks: ['owasp-api2-token-authenticity'],
      description: 'compares tokens case-insensitively',
      operationId: 'alpha-orders-list',
      authorizes: (header, token) => header?.toLowerCase() === `bearer${token}`.toLowerCase(),
    },
  ]),
];
