/** The standards an OTP exchange rests on: section 1's "HTTP call whose body and response are JSON", and what answers must not reveal. */
export type Standard =
  | 'RFC 8259'
  | 'RFC 7493'
  | 'RFC 3629'
  | 'The Unicode Standard'
  | 'RFC 9110'
  | 'RFC 9111'
  | 'RFC 9112'
  | 'RFC 6265'
  | 'RFC 8288'
  | 'RFC 6797'
  | 'RFC 9530'
  | 'RFC 9211'
  | 'RFC 9745'
  | 'RFC 6750'
  | 'OWASP API Security Top 10 (2023)';

/**
 * How strongly the standard puts it: its keywords (RFC 2119), `definition` for what the others
 * rest on (a grammar, a media type), `interoperability` for the advice RFC 8259 gives without a
 * keyword, and `risk` for an OWASP item.
 */
export type Level = 'MUST' | 'MUST NOT' | 'SHOULD' | 'SHOULD NOT' | 'MAY' | 'RECOMMENDED' | 'definition' | 'interoperability' | 'risk';

/**
 * Whose conduct the requirement is about: what the server sends (`answer`), or how it must treat
 * what the standards let a client send (`request`).
 */
export type Side = 'answer' | 'request';

interface RequirementFacts {
  /** Stable, `<standard>-<section>-<subject>`: check modules and faults name it. */
  readonly id: string;
  readonly standard: Standard;
  /** The section, as the standard numbers it ("8.1", "API8"). */
  readonly section: string;
  readonly level: Level;
  /** The requirement, quoted briefly (elisions as `…`). */
  readonly text: string;
  readonly side: Side;
}

/**
 * One requirement of a standard. `observable`: whether a server can break it in a way a client
 * sees. A requirement no server can break, or none the kit can see broken, says why in `note`;
 * one the kit does see may say how it shows (a framing error undici refuses before the kit reads
 * a byte shows as `response-received`).
 */
export type Requirement = RequirementFacts & ({ readonly observable: true; readonly note?: string } | { readonly observable: false; readonly note: string });
