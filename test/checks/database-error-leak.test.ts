import { describe, expect, it } from 'vitest';
import { databaseErrorLeak } from '../../src/checks/hygiene/database-error-leak.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();

/** An error result of delDemand whose message is `message`, answering `payload`. */
function answered(message: string, payload: unknown = { demandId: 7 }, intent: 'conforming' | 'hostile' = 'hostile') {
  return exchangeOf('custom-demand-delete', { intent, payload, body: { data: {}, status: 'fail', code: '500', message, error: { reason: 'internal' } } });
}

const findings = (message: string, payload?: unknown) => runCheck(databaseErrorLeak, answered(message, payload), { validator });

/** Error texts as servers really send them, by source. */
const leaks: Record<string, string> = {
  'MySQL syntax error':
    "ER_PARSE_ERROR: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'abc' LIMIT 1' at line 1",
  'MySQL unknown column': "Unknown column 'demand_id' in 'where clause'",
  'PDO SQLSTATE': "SQLSTATE[42S02]: Base table or view not found: 1146 Table 'otp.custom_demand' doesn't exist",
  'Oracle error code': 'ORA-00942: table or view does not exist',
  'PostgreSQL syntax error': 'error: syntax error at or near "WHERE"',
  'PostgreSQL bad integer': 'invalid input syntax for type integer: "abc"',
  'PostgreSQL unique violation': 'duplicate key value violates unique constraint "custom_demand_pkey"',
  'PostgreSQL missing relation': 'relation "custom_demands" does not exist',
  'SQL Server quote': "Unclosed quotation mark after the character string 'abc'.",
  'SQL Server message header': "Msg 102, Level 15, State 1, Line 1 Incorrect syntax near 'abc'.",
  'SQLite error code': 'SQLITE_ERROR: near "FROM": syntax error',
  'Sequelize exception': 'SequelizeDatabaseError: column "demandid" does not exist',
  'Prisma exception': 'PrismaClientKnownRequestError: Invalid `prisma.customDemand.delete()` invocation: Record to delete does not exist.',
  'TypeORM exception': "QueryFailedError: ER_NO_SUCH_TABLE: Table 'otp.demand' doesn't exist",
  'Hibernate exception': 'org.hibernate.exception.SQLGrammarException: could not extract ResultSet',
  'JDBC exception': 'java.sql.SQLSyntaxErrorException: Unknown table',
  'SQLAlchemy exception': '(psycopg2.errors.UndefinedTable) relation "demand" does not exist',
  'Spring bad grammar': 'PreparedStatementCallback; bad SQL grammar [select * from demand where id = ?]',
};

/** Text that looks close but is the platform's own data or wording. */
const ordinary: Record<string, string> = {
  'a product named Select Grade Ethanol': 'Select Grade Ethanol, 500 mL, from stock',
  'a remark mentioning syntax': 'The CAS number syntax is digits-digits-digit; please check and resubmit',
  'an error message of the platform': 'Error: demand not found',
  'an English hint with "does not exist"': 'The demand does not exist or was already deleted',
  'a status word Exception in Chinese text': '订单异常 (Exception), 请联系客服',
  'an SQL-like order note': 'Please SELECT the cheapest FROM the two suppliers',
  'a product code that starts with ER_': 'ER_2024 batch',
  'a Msg label': 'Msg 3 of 5: shipped',
};

describe('database-error-leak: database, driver and ORM error text in an answer', () => {
  for (const [name, message] of Object.entries(leaks)) {
    it(`fires on ${name}`, () => {
      expect(findings(message).map((finding) => finding.instancePath)).toEqual(['']);
    });
  }

  for (const [name, message] of Object.entries(ordinary)) {
    it(`stays quiet on ${name}`, () => {
      expect(findings(message)).toEqual([]);
    });
  }

  it('fires on an HTML error page of a driver, and on a conforming call', () => {
    const page = exchangeOf('bank-card-list', {
      status: 500,
      headers: { 'content-type': 'text/html' },
      body: '<html><body><h1>Server Error</h1><pre>ORA-01722: invalid number</pre></body></html>',
    });
    expect(runCheck(databaseErrorLeak, page, { validator })).toHaveLength(1);
  });

  it('stays quiet on a clean answer carrying a product named Select Grade Ethanol', () => {
    const product = { code: 'B-1', cas: '64-17-5', chemCnName: '乙醇', chemEnName: 'Ethanol', enName: 'Select Grade Ethanol', level: 'AR' };
    const page = exchangeOf('beta-products-by-brand', {
      body: { data: { totalPage: 1, pageNo: 1, list: [product] }, status: 'ok', code: '200', message: 'ok', error: {} },
    });
    expect(runCheck(databaseErrorLeak, page, { validator })).toEqual([]);
  });

  it('stays quiet when the answer only echoes an injection string the request sent', () => {
    const injection = "1' UNION SELECT NULL,NULL-- ORA-00942 SQLSTATE[42000]";
    expect(findings(`invalid demandId ${injection}`, { demandId: injection })).toEqual([]);
  });

  it('still fires when the echoed input sits beside a real driver error', () => {
    const injection = "1' OR '1'='1";
    expect(findings(`invalid demandId ${injection}: You have an error in your SQL syntax near '1'' at line 1`, { demandId: injection })).toHaveLength(1);
  });

  it('names the source and quotes the text, cut to 120 characters', () => {
    const [finding] = findings(leaks['Oracle error code']!);
    expect(finding!.actual).toBe('an Oracle error code: "ORA-00942: table or view does not exist"');
  });
});
