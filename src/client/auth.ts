/**
 * How the `authorization` header carries the token.
 * "The header value shown is the word bearer directly followed by the token, with no separating
 * space: bearer<ACCESS_TOKEN>. Some operations show the value as <API_KEY>." (5 rule 2)
 */
export const authSchemes = ['bearer-no-space', 'bearer-space', 'bearer-lowercase-space', 'api-key'] as const;
export type AuthScheme = (typeof authSchemes)[number];

const prefixes: Record<AuthScheme, string> = {
  'bearer-no-space': 'bearer',
  'bearer-space': 'Bearer ',
  'bearer-lowercase-space': 'bearer ',
  'api-key': '',
};

export function authorizationValue(scheme: AuthScheme, token: string): string {
  return `${prefixes[scheme]}${token}`;
}

/** The header value of a scheme, as the reports and the console show it: the token as <TOKEN>. */
export function authorizationShown(scheme: AuthScheme): string {
  return authorizationValue(scheme, '<TOKEN>');
}
