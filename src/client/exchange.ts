/** What the kit sent: exactly the bytes that went on the wire, plus the payload they encode. */
export interface SentRequest {
  readonly method: string;
  /** The full URL as a string, built by concatenation so that a doubled slash survives. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body text, or undefined when none was sent. */
  readonly body: string | undefined;
  /**
   * The version its request line named, where that was HTTP/1.0 (an HTTP probe on a connection of
   * the kit's own: client/conversation.ts); absent, the request went as HTTP/1.1, as every other does.
   */
  readonly httpVersion?: '1.0';
}

export type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

export interface ReceivedResponse {
  readonly status: number;
  /**
   * Field names in lower case, the field lines of one name joined by ", " (RFC 9110 §5.3); but
   * Set-Cookie's lines joined by a line feed, which no field value holds, so that one line holding
   * two cookies is told from two lines (client/field-lines.ts: `fieldLinesOf` takes them apart).
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text, decoded from its Content-Encoding, at most the body cap long. */
  readonly bodyText: string;
  /** The body parsed as JSON, or why it could not be. */
  readonly json: ParsedBody;
  /** The body's bytes are not well-formed UTF-8 (RFC 8259 §8.1); bodyText then holds U+FFFD in their place. */
  readonly invalidUtf8?: true;
  /** The body begins with a byte order mark (U+FEFF), which RFC 8259 §8.1 forbids a sender to add; `json` is the parse of what follows it. */
  readonly byteOrderMark?: true;
  /** The Content-Encoding could not be undone: the bytes did not match it, or the kit did not ask for it. bodyText is then the bytes as received. */
  readonly encodingProblem?: string;
}

/** Why no complete response arrived. Each kind becomes a deviation; none stops the run. */
export type TransportFailureKind =
  | 'timeout'
  | 'connection-refused'
  | 'connection-reset'
  | 'body-too-large'
  | 'invalid-http'
  | 'network-error'
  /** Not sent, or cut short: the operation had already timed out once, so the kit stopped calling it, or the run was stopped. */
  | 'aborted';

export interface TransportFailure {
  readonly kind: TransportFailureKind;
  readonly message: string;
}

/**
 * What a connection showed around one answer that the answer alone does not: learnt only where
 * the kit held a connection of its own and sent the next request on it (client/conversation.ts).
 */
export interface ConnectionFacts {
  /**
   * Octets that came after the answer's end as its framing delimits it (RFC 9112 6.3; after a HEAD,
   * RFC 9110 9.3.2), empty lines alone not counted (RFC 9112 §9.2): before the next request on the
   * connection was written, or, after the last answer, before the server closed the connection
   * where that request asked it to (else before the conversation ended). No request asked for them.
   */
  readonly octetsAfterAnswer?: number;
  /**
   * The status line those octets begin with, as it came (at most 120 characters), where they begin
   * with one: a second answer to one request, which a client reusing the connection takes for the
   * answer to its next (RFC 9110 §15, RFC 9112 §9.2).
   */
  readonly statusLineAfterAnswer?: string;
  /** More came after the answer than `--max-body` lets the kit read: `octetsAfterAnswer` is the cap, and the server sent more. */
  readonly octetsAfterAnswerBeyondCap?: true;
  /** The request asked `Connection: close`, and the server still held the connection open a second after its answer (RFC 9112 9.6). */
  readonly keptOpenAfterClose?: true;
  /** The answer did not say `close`, and the server closed the connection before the next request on it was answered (RFC 9112 9.6). */
  readonly closedUnannounced?: true;
  /** The answer's status line as it came, where it breaks the grammar of RFC 9112 §4 or names another major version than HTTP/1's (the pool's client reads the status line leniently and hands on its code only). */
  readonly malformedStatusLine?: string;
  /**
   * The interim (1xx) answers that came before the final one, in order (RFC 9110 §15.2): read past,
   * as every HTTP/1.1 client does, and kept, as an HTTP/1.0 client knows no 1xx and takes the first
   * for the whole answer.
   */
  readonly interimAnswers?: readonly InterimAnswer[];
  /** The request asked `Expect: 100-continue`, and the final answer came before its content was sent, which then was not (RFC 9110 §10.1.1). */
  readonly contentWithheld?: true;
}

/** An interim (1xx) answer: its code and its status line as it came. */
export interface InterimAnswer {
  readonly status: number;
  readonly statusLine: string;
}

/** One request and what came of it. */
export interface Transcript {
  readonly request: SentRequest;
  /** Present when a status line arrived, even if the body then failed. */
  readonly response?: ReceivedResponse;
  readonly failure?: TransportFailure;
  readonly durationMs: number;
  /** What the connection showed beyond the answer; absent for a call of the pool, which learns none of it. */
  readonly connection?: ConnectionFacts;
}
