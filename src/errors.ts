/**
 * A mistake in how the kit was called or configured (bad option, unreadable file, broken schema):
 * not a deviation of the server. The message says what is wrong and how to fix it; exit code 2.
 */
export class KitError extends Error {
  override readonly name = 'KitError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The target could not be reached at all: exit code 3. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
  readonly code = 'OTP_TARGET_UNREACHABLE';
}

/** The server refused the run's token before the suites: nothing could be checked, exit code 3. */
export class TokenRefusedError extends Error {
  override readonly name = 'TokenRefusedError';
  readonly code = 'OTP_TOKEN_REFUSED';
}
