import { done, notFound } from '../handlers/answer.js';
import { A_WHOLE_NUMBER, required, wholeNumber, withRequest } from '../handlers/request.js';
import type { ListedHandlers } from './_internals/types.js';

export const customDemandHandlers: ListedHandlers = {
  /** The custom demand record (2.6), by the `demandId` delDemand (#3) takes. */
  'custom-demand-detail': (payload, state) =>
    withRequest(payload, { demandId: required(wholeNumber, A_WHOLE_NUMBER) }, ({ demandId }) => {
      const demand = state.customDemands.find((candidate) => candidate.id === demandId);
      return demand ? done(demand) : notFound('demandId', `no custom demand has the id ${demandId}`);
    }),
};
