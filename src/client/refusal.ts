import type { Transcript } from './exchange.js';

/**
 * HTTP 401 or 403, or an envelope whose code says so: how a server that refused the token answers.
 * Section 5 leaves "behaviour on a missing or invalid token" unshown; nothing looser counts.
 */
export function refusesToken(status: number | undefined, code: unknown): boolean {
  return status === 401 || status === 403 || code === '401' || code === '403';
}

/** Whether an answer refused the token (refusesToken). */
export function unauthorized(transcript: Transcript): boolean {
  const response = transcript.response;
  if (!response) return false;
  const body = response.json.ok ? (response.json.value as { code?: unknown } | null) : null;
  return refusesToken(response.status, body !== null && typeof body === 'object' ? body.code : undefined);
}
