import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** Addresses of private networks: RFC 1918 IPv4, shared address space (RFC 6598), IPv6 unique local and link-local. */
const PRIVATE_ADDRESS =
  /\b(?:10\.\d{1,3}\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}\.\d{1,3}|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.\d{1,3}\.\d{1,3}|169\.254\.\d{1,3}\.\d{1,3})\b|\b(?:f[cd][0-9a-f]{2}|fe80):[0-9a-f:]*/i;
/**
 * Host names only a private network resolves: the suffix ends the name, so `api.corp.example.com`,
 * a public name with `corp` inside it, is not one.
 */
const PRIVATE_NAME = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:internal|intranet|corp|lan|local|localdomain|cluster\.local|svc)(?![a-z0-9.-])/i;

/** The host the request went to: naming it again tells a client nothing new. */
const hostOf = (url: string) => /^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';

export const internalAddress: ExchangeCheck<'response'> = {
  id: 'internal-address',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['owasp-api8-hardening'],
  severity: 'info',
  title: 'Response headers name hosts of a private network',
  description:
    'A response header that names an address of a private network (10/8, 172.16/12, 192.168/16, 100.64/10, 169.254/16, IPv6 unique local or link-local) or a host name only a private network resolves (`*.internal`, `*.corp`, `*.lan`, `*.svc`, `*.cluster.local`…), other than the host the request was sent to: a proxy or a framework that passes on the upstream it used maps the network behind the API for whoever calls it (OWASP API8, "Appropriate security hardening is missing across any part of the API stack"). Info: the spec says nothing of headers, and the names alone harm no client.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const { headers } = exchange.response;
    const named: string[] = [];
    // The host is read from the URL only where a field names a private one: most answers name none.
    let host: string | undefined;
    for (const [name, value] of Object.entries(headers)) {
      const found = PRIVATE_ADDRESS.exec(value)?.[0] ?? PRIVATE_NAME.exec(value)?.[0];
      if (!found) continue;
      host ??= hostOf(exchange.request.url);
      if (!found.toLowerCase().includes(host) && !host.includes(found.toLowerCase())) named.push(`${name}: ${value}`);
    }
    if (named.length === 0) return [];
    return [{ instancePath: '', expected: 'no host of a private network in the headers', actual: named.join('; ') }];
  },
};
