import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/**
 * Error text of the common databases, drivers and ORMs: what a server shows when it hands a
 * database error to the client. Each names its source, and is specific enough that ordinary text
 * (a product called "Select Grade Ethanol", a remark on the syntax of a CAS number) does not match.
 */
const leaks: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'a MySQL error',
    /You have an error in your SQL syntax[^"\n]{0,80}|\bER_(?:PARSE_ERROR|NO_SUCH_TABLE|BAD_FIELD_ERROR|DUP_ENTRY|TRUNCATED_WRONG_VALUE\w*|BAD_NULL_ERROR|DATA_TOO_LONG|WRONG_VALUE_COUNT_ON_ROW|NO_REFERENCED_ROW_2|LOCK_DEADLOCK)\b|Unknown column '[^'\n]{1,64}' in '[^'\n]{1,64}'/,
  ],
  ['an SQLSTATE code', /\bSQLSTATE(?:\[[0-9A-Z]{5}\]|[ :=]+[0-9A-Z]{5}\b)/],
  ['an Oracle error code', /\b(?:ORA|PLS)-\d{5}\b[^"\n]{0,60}/],
  [
    'a PostgreSQL error',
    /syntax error at (?:or near "[^"\n]{0,40}"|end of input)|relation "[^"\n]{1,64}" does not exist|duplicate key value violates unique constraint(?: "[^"\n]{1,64}")?|invalid input syntax for (?:type )?\w+(?: precision)?: "[^"\n]{0,40}"|column "[^"\n]{1,64}" (?:of relation "[^"\n]{1,64}" )?does not exist/,
  ],
  [
    'a SQL Server error',
    /Unclosed quotation mark after the character string|Incorrect syntax near (?:'[^'\n]{0,40}'|the keyword '\w+')|\bMsg \d+, Level \d+, State \d+/,
  ],
  [
    'an SQLite error',
    /\bSQLITE_(?:ERROR|CONSTRAINT\w*|MISMATCH|BUSY|LOCKED|READONLY|CORRUPT|RANGE)\b|near "[^"\n]{0,40}": syntax error|no such (?:table|column): [\w.]+/,
  ],
  [
    'an ORM or driver exception',
    /\b(?:Sequelize\w*Error|PrismaClient\w*Error|QueryFailedError|EntityNotFoundError|MongoServerError|MongoError|PDOException|SQLException|SqlException|PSQLException|NpgsqlException|MySqlException|DbUpdateException|(?:SQLGrammar|JDBCConnection|GenericJDBC|DataIntegrityViolation|BadSqlGrammar|Hibernate|JDBC)Exception)\b|\borg\.hibernate\.[\w.]+|\bjava\.sql\.\w+|\bpsycopg2?\.(?:errors\.)?\w+|\bsqlalchemy\.exc\.\w+|\bActiveRecord::\w+|bad SQL grammar \[|could not (?:execute statement|extract ResultSet)/,
  ],
];

/**
 * Cheap test first: every pattern above needs one of these words, and most bodies have none. Two
 * patterns, one of words that start with a capital and one of the others, scan a body in half the
 * time of one that holds them all.
 */
const maybeLeak = [
  /SQL|ORA-|PLS-|Unclosed|ER_[A-Z]|Unknown column|Msg \d|Exception|Sequelize|Prisma|QueryFailed|EntityNotFound|Mongo|ActiveRecord/,
  /syntax|does not exist|violates|no such|psycopg|sqlalchemy|hibernate|java\.sql|could not/,
];

/** The first text a pattern finds in the answer that the request did not carry: echoed input is not a leak. */
function leakedBy(pattern: RegExp, body: string, sent: string): string | undefined {
  for (const match of body.matchAll(new RegExp(pattern.source, 'g'))) {
    if (!sent.includes(match[0])) return match[0];
  }
  return undefined;
}

export const databaseErrorLeak: ExchangeCheck<'response'> = {
  id: 'database-error-leak',
  scope: 'exchange',
  ...clause('errors-in-envelope'),
  standards: ['owasp-api8-error-details'],
  severity: 'warning',
  title: 'Response leaks database or driver error text',
  description:
    'A response that carries the text of a database, driver or ORM error — an SQL syntax error, a vendor error code (ORA-00942, SQLSTATE, SQLITE_ERROR), an exception name (SequelizeDatabaseError, PrismaClientKnownRequestError, QueryFailedError, Hibernate): it tells an attacker which database answers and how the query was built, the first step of SQL injection. A warning: the spec says nothing of what an error may show (7). Text the request itself carried (an echoed injection string) is not counted.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const text = exchange.response?.bodyText ?? '';
    if (!maybeLeak.some((words) => words.test(text))) return [];
    // Error texts quote names ("relation \"demand\""): read the quotes a JSON string escapes as they were written.
    const body = text.replaceAll('\\"', '"');
    const sent = (exchange.request.body ?? '').replaceAll('\\"', '"');
    for (const [source, pattern] of leaks) {
      const leaked = leakedBy(pattern, body, sent);
      if (leaked !== undefined) {
        return [{ instancePath: '', expected: 'no database error text in the response', actual: `${source}: ${JSON.stringify(leaked.slice(0, 120))}` }];
      }
    }
    return [];
  },
};
