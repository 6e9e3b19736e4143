import type { Json } from '../../../src/reference/json.js';
import { bodyFault, dataFault, inputFault, json, stringsIn } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

const isErrorResult = (body: Json) => typeof body.error === 'object' && body.error !== null && Object.keys(body.error).length > 0;

const nodeStack = `TypeError: Cannot read properties of undefined (reading 'id')
    at findConsignee (/srv/app/src/services/consignee.js:42:17)
    at Layer.handle (/srv/app/node_modules/express/lib/router/layer.js:95:5)`;

/** Answers that give away the server's insides, a member's secrets or echo markup (7, 2.10: what they may show is not shown, so warnings). */
export const leakFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'stack-trace-leak', severity: 'warning' }, inputFault, [
    {
      name: 'stack-trace-on-bad-input',
      breaks: ['owasp-api8-error-details'],
      description: 'puts a stack trace in the message of an error result',
      operationId: 'consignee-by-id',
      when: (payload) => typeof (payload as Json | null)?.id !== 'number',
      answer: () => json({ data: {}, status: 'fail', code: '500', message: nodeStack, error: { reason: 'internal' } }),
    },
  ]),
  ...caughtBy({ check: 'markup-echo', severity: 'warning' }, inputFault, [
    {
      name: 'markup-echoed',
      description: 'echoes the offending value, markup and all, in the message',
      operationId: 'login',
      when: (payload) => stringsIn(payload).some((text) => text.includes('<')),
      answer: (_body, payload) => {
        const offending = stringsIn(payload).find((text) => text.includes('<'));
        return json({ data: {}, status: 'fail', code: '400', message: `invalid value ${offending}`, error: { reason: 'invalid' } });
      },
    },
  ]),
  ...caughtBy({ check: 'database-error-leak', severity: 'warning' }, bodyFault, [
    {
      name: 'sql-error-leaked',
      breaks: ['owasp-api8-error-details'],
      description: "answers bad input with the MySQL driver's syntax error in the message",
      operationId: 'custom-demand-delete',
      rewrite: (body, payload) =>
        body.code === '400'
          ? {
              ...body,
              message: `ER_PARSE_ERROR: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${String(JSON.stringify(payload.demandId)).slice(0, 20)}' at line 1`,
            }
          : body,
    },
    {
      name: 'orm-error-leaked',
      breaks: ['owasp-api8-error-details'],
      description: "puts the ORM's exception in the error object of every error result",
      operationId: 'consignee-delete',
      rewrite: (body) =>
        isErrorResult(body)
          ? {
              ...body,
              error: {
                ...(body.error as Json),
                exception: 'PrismaClientKnownRequestError',
                detail:
                  'Invalid `prisma.consignee.delete()` invocation: An operation failed because it depends on one or more records that were required but not found.',
              },
            }
          : body,
    },
  ]),
  ...caughtBy({ check: 'record-secrets', severity: 'warning' }, dataFault, [
    {
      name: 'member-password-hash',
      breaks: ['owasp-api3-exposed-properties'],
      description: "serialises the whole member record into the customer's basic information, password hash and salt included",
      operationId: 'member-basic-info',
      rewrite: (data) =>
        Object.keys(data).length === 0 ? data : { ...data, password: '$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z3ZJ4nLq1ZpQkN4Yp9bq6Yxu', salt: 'c0ffee5a1t' },
    },
  ]),
];
