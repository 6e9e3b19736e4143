/**
 * Each fault of red team round 11 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { describe } from 'vitest';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { round11AccessDemonstrations } from '../support/round-11/access.js';
import { round11BodiesDemonstrations } from '../support/round-11/bodies.js';
import { round11HttpDemonstrations } from '../support/round-11/http.js';
import { round11RecordsDemonstrations } from '../support/round-11/records.js';
import { demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ROUND_11_TOKEN } from '../support/round-11/token.js';

const demonstrations = {
  ...round11HttpDemonstrations,
  ...round11BodiesDemonstrations,
  ...round11RecordsDemonstrations,
  ...round11AccessDemonstrations,
};

describe('red team round 11', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 11),
    demonstrations,
    redTeamServers(ROUND_11_TOKEN),
  );
});
