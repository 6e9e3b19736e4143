import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** What the kit asks for, as ordinary HTTP clients do (RFC 9110 §12.5.3). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

const decoders: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** What of a body over the cap is kept as evidence: the cap bounds what is read, this what is held. */
const KEPT_OF_A_CUT_BODY = 64 * 1024;

export interface BodyRead {
  /** The body as the server meant it: decoded when a Content-Encoding was given and matched the bytes. */
  readonly bytes: Buffer;
  /** False when the body (decoded, if encoded) passed the cap and was cut. */
  readonly complete: boolean;
  /** Why the Content-Encoding could not be undone; the bytes are then those received. */
  readonly encodingProblem?: string;
}

/** The connection failed mid-body: the cause says how, `partial` holds what had arrived (decoded where it could be). */
export class BodyReadError extends Error {
  override readonly name = 'BodyReadError';
  constructor(
    readonly partial: Buffer,
    cause: Error,
  ) {
    super(cause.message, { cause });
  }
}

/** The codings of a Content-Encoding header, in the order they were applied; `identity` is no coding. */
export function contentCodings(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/** The chunks of a body kept so far, and how many bytes arrived. */
export interface Sink {
  chunks: Buffer[];
  received: number;
}

/** Keeps chunks until `cap` bytes; past it keeps only the first bytes and says so (false). */
export function keep(into: Sink, chunk: Buffer, cap: number): boolean {
  into.received += chunk.length;
  if (into.received <= cap) {
    into.chunks.push(chunk);
    return true;
  }
  const upToCap = Buffer.concat([...into.chunks, chunk.subarray(0, chunk.length - (into.received - cap))]);
  into.chunks = [upToCap.subarray(0, KEPT_OF_A_CUT_BODY)];
  return false;
}

/**
 * Reads a body, undoing its Content-Encoding as it streams. The cap bounds the decoded bytes, so a
 * small body that inflates without end (a decompression bomb) is cut like an endless one. When
 * the bytes are not in the coding the header names, the received bytes are kept and judged as
 * they are, with the mismatch noted.
 */
export function readBody(raw: Readable, contentEncoding: string | undefined, cap: number): Promise<BodyRead> {
  const codings = contentCodings(contentEncoding);
  const unknown = codings.find((coding) => !(coding in decoders));
  const received: Sink = { chunks: [], received: 0 };
  const decoded: Sink = { chunks: [], received: 0 };
  return new Promise((resolve, reject) => {
    let settled = false;
    let decodingFailed = false;
    let rawEnded = false;
    let mismatch = '';
    const finish = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(read);
    };
    const cut = (sink: Sink, encodingProblem?: string) => {
      raw.destroy();
      finish({ bytes: Buffer.concat(sink.chunks), complete: false, ...(encodingProblem ? { encodingProblem } : {}) });
    };
    raw.once('error', (error) => {
      if (settled) return;
      settled = true;
      const sink = codings.length === 0 || unknown !== undefined || decodingFailed ? received : decoded;
      reject(new BodyReadError(Buffer.concat(sink.chunks), error));
    });
    if (codings.length === 0 || unknown !== undefined) {
      const problem = unknown === undefined ? undefined : `content-encoding "${unknown}", which the kit did not ask for (accept-encoding: ${ACCEPT_ENCODING})`;
      raw.on('data', (chunk: Buffer) => {
        if (!keep(received, chunk, cap)) cut(received, problem);
      });
      raw.once('end', () => finish({ bytes: Buffer.concat(received.chunks), complete: true, ...(problem ? { encodingProblem: problem } : {}) }));
      return;
    }
    // Codings are undone in the reverse order of their application (RFC 9110 §8.4).
    // Every coding has its decoder here (none is unknown).
    const chain = [...codings].reverse().flatMap((coding) => decoders[coding]?.() ?? []);
    // pipe hands back its destination: the last decoder, whose output is the content.
    const last = chain.reduce<Readable>((source, decoder) => source.pipe(decoder), raw);
    raw.on('data', (chunk: Buffer) => {
      if (!keep(received, chunk, cap)) cut(decodingFailed ? received : decoded, decodingFailed ? mismatch : undefined);
    });
    raw.once('end', () => {
      rawEnded = true;
      if (decodingFailed) finish({ bytes: Buffer.concat(received.chunks), complete: true, encodingProblem: mismatch });
    });
    for (const decoder of chain) {
      decoder.once('error', (error) => {
        if (settled || decodingFailed) return;
        // No bytes at all: nothing was encoded wrongly; an empty body is judged as empty.
        if (rawEnded && received.received === 0) {
          finish({ bytes: Buffer.alloc(0), complete: true });
          return;
        }
        decodingFailed = true;
        mismatch = `content-encoding: ${codings.join(', ')}, but the body does not decode as that (${error.message})`;
        for (const stage of chain) {
          raw.unpipe(stage);
          stage.destroy();
        }
        // Read what remains as it is: the received bytes are the evidence, and may be plain JSON.
        if (rawEnded) finish({ bytes: Buffer.concat(received.chunks), complete: true, encodingProblem: mismatch });
        else raw.resume();
      });
    }
    last.on('data', (chunk: Buffer) => {
      if (!keep(decoded, chunk, cap)) {
        for (const stage of chain) stage.destroy();
        cut(decoded);
      }
    });
    last.once('end', () => finish({ bytes: Buffer.concat(decoded.chunks), complete: true }));
  });
}
