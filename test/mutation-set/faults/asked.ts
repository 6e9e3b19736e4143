import { SEEDED_RECORDS } from '../../../src/reference/seed.js';
import { misreadFault } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

/** A whole number read otherwise; any other value (a hostile call's) is left as it came. */
const renumbered = (value: unknown, change: (n: number) => number) => (typeof value === 'number' && Number.isSafeInteger(value) ? change(value) : value);

/** Statuses the seeded records hold: 0 to 3. */
const STATUSES = 4;

/** Answers about another record than the one asked for, or lists another status than the one asked (1: not shown to be required, so warnings). */
export const askedFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'by-id-record', severity: 'warning' }, misreadFault, [
    {
      name: 'bank-card-by-id-next-card',
      description: 'answers bankCardInfoById with the card of the next id (an off-by-one lookup)',
      operationId: 'bank-card-by-id',
      misreads: (payload) => ({ ...payload, id: renumbered(payload.id, (id) => id + 1) }),
    },
    {
      name: 'demand-detail-by-place',
      description:
        'reads the demandId of the custom demand detail as a place in the list, newest first (an operation of 4.1, at the reference map’s path): demandId 1 answers the newest demand',
      operationId: 'custom-demand-detail',
      misreads: (payload) => ({ ...payload, demandId: renumbered(payload.demandId, (place) => SEEDED_RECORDS + 1 - place) }),
    },
  ]),
  ...caughtBy({ check: 'list-filter', severity: 'warning' }, misreadFault, [
    {
      name: 'demand-list-next-status',
      description: 'lists the custom demands of the status after the one asked (status 0 lists status 1, status 3 lists status 0)',
      operationId: 'custom-demand-list',
      misreads: (payload) => ({ ...payload, status: renumbered(payload.status, (status) => (status + 1) % STATUSES) }),
    },
  ]),
];
