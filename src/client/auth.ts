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

/** A JWT in the compact form: header, claims and signature, each base64url without padding (RFC 7515 §2, §7.1); the signature may be empty. */
const COMPACT_JWT = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/;

/** The JOSE header of an Unsecured JWT (RFC 7519 §6.1), base64url-encoded: no algorithm, so no signature. */
const UNSECURED_HEADER = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');

/** The claims an unsigned JWT carries where the token is not a JWT: a subject, so that a server reading one finds it. */
const FIXED_CLAIMS = Buffer.from('{"sub":"1"}').toString('base64url');

/**
 * The claims segment of a token that is a JWT (header.claims.signature, its header a JSON object
 * naming an `alg`), unchanged; undefined for any other token. A JWT whose signature is left empty
 * is one still (RFC 7519 §6.1).
 */
export function jwtClaims(token: string): string | undefined {
  const [, header = '', claims] = COMPACT_JWT.exec(token) ?? [];
  if (claims === undefined) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return typeof decoded === 'object' && decoded !== null && !Array.isArray(decoded) && 'alg' in decoded ? claims : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An Unsecured JWT (RFC 7519 §6.1) for the token: the header `{"alg":"none","typ":"JWT"}`, the
 * token's own claims where it is a JWT (the same subject, unsigned: what a server that trusts the
 * algorithm a token names lets in) or else `{"sub":"1"}`, and an empty signature.
 */
export function unsignedJwt(token: string): string {
  return `${UNSECURED_HEADER}.${jwtClaims(token) ?? FIXED_CLAIMS}.`;
}
