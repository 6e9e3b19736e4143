import { done, notFound } from '../handlers/answer.js';
import { A_WHOLE_NUMBER, LIST_REQUEST, required, wholeNumber, withRequest } from '../handlers/request.js';
import { hasStatus, pageOf } from '../handlers/state.js';
import { PC_PAGE } from './_internals/fields.js';
import type { ListedHandlers } from './_internals/types.js';

/**
 * A sold consignment (status 2, 已售出) awaits the consignor's dispatch. "Values of status fields
 * and their meanings: not shown" (3): the meaning is the sandbox's.
 */
const SOLD = 2;

export const consignmentHandlers: ListedHandlers = {
  /** As #1 lists custom demands: pageSize, pageNo where given, status where given. */
  'consignment-list': (payload, state) =>
    withRequest(payload, LIST_REQUEST, ({ pageSize, pageNo = 1, status }) => done(pageOf(state.consignments.filter(hasStatus(status)), pageSize, pageNo))),
  /** In the purchase order shape (2.7) delConsignment (#6) answers, by the `cid` #6 takes. */
  'consignment-detail': (payload, state) =>
    withRequest(payload, { cid: required(wholeNumber, A_WHOLE_NUMBER) }, ({ cid }) => {
      const consignment = state.consignments.find((candidate) => candidate.id === cid);
      return consignment ? done(consignment) : notFound('cid', `no consignment has the id ${cid}`);
    }),
  'consignment-awaiting-list': (payload, state) =>
    withRequest(payload, PC_PAGE, ({ pageSize, pageNo = 1 }) =>
      done(
        pageOf(
          state.consignments.filter((consignment) => consignment.status === SOLD),
          pageSize,
          pageNo,
        ),
      ),
    ),
};
