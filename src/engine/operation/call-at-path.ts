import type { Operation } from '../../catalogue/operations.js';
import { relationCallOf } from '../../checks/relations/relation.js';
import type { Intent } from '../../checks/types.js';
import { callAt } from './calls.js';
import { coverageCallAt } from './coverage-pass.js';
import { idPairCallAt } from './listed-id-pairs.js';
import { listedCallAt } from './listed-lookups.js';
import { deleteCallAt } from './own-records.js';
import { pageCallAt } from './page-walk.js';

/** A call of an operation's plan as it was sent: how it was judged, the payload it stands for, its body. */
export interface PlannedCall {
  readonly judgedAs: Intent;
  readonly payload: unknown;
  readonly body: string | undefined;
}

/**
 * The call the kit sent at a path of an operation's plan, made again from the seed: generated
 * calls (`conforming:<fast-check path>`, `hostile:…`), the coverage pass (`coverage:<n>`) and the
 * page walk (`page:<size>:<no>`, `page-hostile:…`, `page-unnumbered:<size>`, `page-unfiltered:<size>:<no>`, `page-again:<size>:<no>`, `page-long:<size>:<no>`) are the same under the same seed; a lookup of a
 * listed record (`listed:<end>:<size>:<no>:<fields>`), or one naming its id twice
 * (`listed-id:<order>:<field>:<ids>`), a delete's valid call (`own-record:<payload>`, `unknown-id:<payload>`), and a relation's
 * call (`relation:<id>:<attempt>:<source>:<role>:<body>`) carries in its path what it set. What `--replay`
 * re-sends, and what evidence shows of a call the kit kept only as a record. Undefined for a path no
 * generator makes (an auth probe, a flow step) or one the operation has no call at.
 */
export function callAtPath(operation: Operation, path: string, seed: number): PlannedCall | undefined {
  const [kind, ...rest] = path.split(':');
  const at = rest.join(':');
  if ((kind === 'conforming' || kind === 'hostile') && /^\d+(?::\d+)*$/.test(at)) {
    const call = callAt(operation, kind, seed, at);
    return { judgedAs: kind, payload: call.payload, body: call.body };
  }
  if (kind === 'coverage' && /^\d+$/.test(at)) return coverageCallAt(operation, Number(at));
  if (kind === 'page' || kind === 'page-hostile' || kind === 'page-unnumbered' || kind === 'page-unfiltered' || kind === 'page-again' || kind === 'page-long')
    return pageCallAt(operation, path);
  if (kind === 'listed') {
    const call = listedCallAt(operation, path);
    return call && { judgedAs: 'conforming', ...call };
  }
  if (kind === 'listed-id') return idPairCallAt(operation, path);
  if (kind === 'relation') {
    const call = relationCallOf(path);
    return call && { judgedAs: 'conforming', payload: call.payload, body: JSON.stringify(call.payload) };
  }
  if (kind === 'own-record' || kind === 'unknown-id') {
    const call = deleteCallAt(path);
    return call && { judgedAs: 'conforming', payload: call.payload, body: call.body };
  }
  return undefined;
}
