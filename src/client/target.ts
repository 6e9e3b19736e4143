import { KitError } from '../errors.js';

/** Where requests go: an origin and an optional path prefix, kept apart so paths are joined by string. */
export interface Target {
  readonly origin: string;
  /** The base URL's path without its trailing slash ('' for a bare origin). */
  readonly basePath: string;
}

/** A URL as it may be shown: without `user:password@`. */
export function displayUrl(text: string): string {
  try {
    const url = new URL(text);
    if (!url.username && !url.password) return text;
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, text.endsWith('/') ? '/' : '');
  } catch {
    // Not a URL: cut whatever stands between the scheme and an @, which may be a password.
    return text.replace(/\/\/[^/@]*@/, '//');
  }
}

export function parseBaseUrl(given: string): Target {
  let url: URL;
  const baseUrl = displayUrl(given);
  try {
    url = new URL(given);
  } catch {
    throw new KitError(
      'OTP_BAD_BASE_URL',
      `--base-url ${JSON.stringify(baseUrl)} is not a URL; give the address the paths of section 4 are relative to, e.g. http://127.0.0.1:8080 or https://sandbox.example.com/api.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new KitError('OTP_BAD_BASE_URL', `--base-url ${baseUrl} uses ${url.protocol}; use an http:// or https:// address.`);
  }
  if (url.search || url.hash) {
    throw new KitError('OTP_BAD_BASE_URL', `--base-url ${baseUrl} has a query or fragment; drop it: paths are appended to the base URL.`);
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * How paths under /pc and /auth go on the wire: `documented`, with the doubled slash section 4
 * writes; `single-slash`, as a server that normalises paths serves them.
 */
export const pathForms = ['documented', 'single-slash'] as const;
export type PathForm = (typeof pathForms)[number];

/** The wire path in a path form: the doubled slash after the base address kept, or made one. */
export function pathInForm(wirePath: string, form: PathForm): string {
  return form === 'single-slash' ? wirePath.replace(/^\/\/+/, '/') : wirePath;
}

/**
 * `{base}` + wire path, by string: URL resolution would read `//pc/...` as a host name (4: "Paths
 * under /pc and /auth are written with a doubled slash after the base address").
 */
export function requestPath(target: Target, wirePath: string): string {
  return `${target.basePath}${wirePath}`;
}
