/**
 * Every code a `KitError` carries. The set is closed: a new mistake gets a code here and a row,
 * with its fix, in the "Kit errors" table of docs/verdict.md (a test checks that every code has one).
 */
export const kitErrorCodes = [
  /** A command-line option or environment variable with a wrong value, or an unknown command. */
  'OTP_BAD_OPTION',
  /** --base-url is not an http(s) URL without query or fragment. */
  'OTP_BAD_BASE_URL',
  /** The .env file could not be read. */
  'OTP_BAD_DOTENV',
  /** The report dir cannot be created or written. */
  'OTP_BAD_REPORT_DIR',
  /** Another run is writing the same report dir. */
  'OTP_REPORT_DIR_LOCKED',
  /** The waiver file is not JSON, does not match its schema, or names an unknown check or operation. */
  'OTP_BAD_WAIVERS',
  /** The --baseline file is not a report.json the kit can read. */
  'OTP_BAD_BASELINE',
  /** A part given to merge is not a report.json the kit can read. */
  'OTP_BAD_REPORT',
  /** The parts given to merge do not make one sharded run. */
  'OTP_BAD_MERGE',
  /** The operation map is not JSON, does not match its schema, or names what it cannot. */
  'OTP_BAD_OPERATION_MAP',
  /** An operation map template uses a `${NAME}` that is not set. */
  'OTP_MISSING_VARIABLE',
  /** An operation id the catalogue does not hold. */
  'OTP_UNKNOWN_OPERATION',
  /** A request schema under schemas/ the generators cannot read. */
  'OTP_BAD_SCHEMA',
  /** The token operation answered without a token where the map points. */
  'OTP_NO_TOKEN',
  /** serve: another program already listens on --port. */
  'OTP_PORT_IN_USE',
  /** serve: the system does not let this user listen on --port (a privileged port). */
  'OTP_PORT_DENIED',
  /** serve, proxy: --host is not an address of this machine, or a name it cannot resolve. */
  'OTP_BAD_HOST',
  /** check: a file given is not HAR 1.2 the kit can read (not JSON, no log.entries, an entry without method, URL or status). */
  'OTP_BAD_HAR',
] as const;
export type KitErrorCode = (typeof kitErrorCodes)[number];

/** The codes of a target that could not be checked at all (exit 3), beside the kit errors. */
export const targetErrorCodes = ['OTP_TARGET_UNREACHABLE', 'OTP_TOKEN_REFUSED', 'OTP_NOT_THIS_API'] as const;

/**
 * A mistake in how the kit was called or configured (bad option, unreadable file, broken schema):
 * not a deviation of the server. The message says what is wrong and how to fix it; exit code 2.
 */
export class KitError extends Error {
  override readonly name = 'KitError';
  constructor(
    readonly code: KitErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The target could not be reached at all: exit code 3. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
  readonly code: (typeof targetErrorCodes)[number] = 'OTP_TARGET_UNREACHABLE';
}

/** A request form first contact tried, and what the server answered to it (report.json's `formsTried`). */
export interface FormTried {
  /** The header and path, the token never shown: `Bearer <TOKEN> at //pc/custom_demand/list`. */
  readonly form: string;
  /** What came back, in a few words: `HTTP 200, code "401", message "…"`. */
  readonly answer: string;
}

/**
 * The server refused the run's token in every form before the suites: nothing could be checked,
 * exit code 3. The message is the one line a user reads; the forms tried go to the report.
 */
export class TokenRefusedError extends Error {
  override readonly name = 'TokenRefusedError';
  readonly code: (typeof targetErrorCodes)[number] = 'OTP_TOKEN_REFUSED';
  constructor(
    message: string,
    readonly formsTried: readonly FormTried[],
  ) {
    super(message);
  }
}

/** Nothing at the base URL answers like this API (a wrong prefix, another server): nothing could be checked, exit code 3. */
export class NotThisApiError extends Error {
  override readonly name = 'NotThisApiError';
  readonly code: (typeof targetErrorCodes)[number] = 'OTP_NOT_THIS_API';
}
