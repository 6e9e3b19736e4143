/**
 * Each fault of red team round 12 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { describe } from 'vitest';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { round12AccessDemonstrations } from '../support/round-12/access.js';
import { round12BodiesDemonstrations } from '../support/round-12/bodies.js';
import { round12HttpDemonstrations } from '../support/round-12/http.js';
import { round12RecordsDemonstrations } from '../support/round-12/records.js';
import { demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ROUND_12_TOKEN } from '../support/round-12/token.js';

const demonstrations = {
  ...round12HttpDemonstrations,
  ...round12BodiesDemonstrations,
  ...round12RecordsDemonstrations,
  ...round12AccessDemonstrations,
};

describe('red team round 12', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 12),
    demonstrations,
    redTeamServers(ROUND_12_TOKEN),
  );
});
