import { KitError } from '../errors.js';

/**
 * The values .env.example holds in place of the user's own, by the name it gives them. A run that
 * still sends one was set up from the example and not finished: no server takes them.
 * test/config/example-placeholders.test.ts holds them equal to .env.example.
 */
export const examplePlaceholders = {
  OTP_TOKEN: 'replace-with-your-token',
  OTP_PASSWORD: 'replace-with-the-password',
  'X-Api-Gateway-Key': 'replace-with-the-key',
} as const;

const placeholderValues: ReadonlySet<string> = new Set(Object.values(examplePlaceholders));

/**
 * Refuses a value that is still one of .env.example's placeholders, naming where it was given and
 * what to put there instead. The value itself is not shown: where it is given is what to fix.
 */
export function refusePlaceholder(value: string | undefined, givenAs: string, instead: string): void {
  if (value === undefined || !placeholderValues.has(value.trim())) return;
  throw new KitError('OTP_BAD_OPTION', `${givenAs} is still the example's placeholder: ${instead}; .env.example only shows where it goes.`);
}
