export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of each secret; short strings are left alone to keep the text readable. */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const present = secrets.filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length);
  return (text) => present.reduce((redacted, secret) => redacted.split(secret).join(REDACTED), text);
}
