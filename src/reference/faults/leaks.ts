import { bodyFault, type Fault } from './fault.js';

type Json = Record<string, unknown>;
const warning = 'warning' as const;

const isErrorResult = (body: Json) => typeof body.error === 'object' && body.error !== null && Object.keys(body.error).length > 0;

/** Servers that hand database errors to the client (7: what an error shows is not shown, so warnings). */
export const leakFaults: readonly Fault[] = [
  bodyFault({
    name: 'sql-error-leaked',
    description: "answers bad input with the MySQL driver's syntax error in the message",
    operationId: 'custom-demand-delete',
    expect: { check: 'database-error-leak', severity: warning },
    rewrite: (body, payload) =>
      body.code === '400'
        ? {
            ...body,
            message: `ER_PARSE_ERROR: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${String(JSON.stringify(payload.demandId)).slice(0, 20)}' at line 1`,
          }
        : body,
  }),
  bodyFault({
    name: 'orm-error-leaked',
    description: "puts the ORM's exception in the error object of every error result",
    operationId: 'consignee-delete',
    expect: { check: 'database-error-leak', severity: warning },
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
  }),
];
