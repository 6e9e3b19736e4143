import { isDeepStrictEqual } from 'node:util';
import { keepStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import { basePayloads } from '../generators/coverage/base-payloads.js';
import type { Flow } from './flow.js';
import { answered, unanswered } from './records.js';
import { calling } from './_internals/calling.js';

/** The ids tried, in turn: the coverage pass's bank card and consignee, each a record the run's own configuration names. */
const idsTried = (): unknown[] => [...new Set([basePayloads['bank-card-by-id']?.id, basePayloads['consignee-by-id']?.id].filter((id) => id !== undefined))];

/** A record with something besides its id: what two records of two lists can be told apart by. */
const withFields = (record: Record<string, unknown> | undefined): record is Record<string, unknown> =>
  record !== undefined && Object.keys(record).some((field) => field !== 'id');

/** #9 consigneeInfoById of an id → #8 bankCardInfoById of the same id: two lists' records, not one answer. */
export const lookupsApart: Flow = {
  id: 'flow-lookups-apart',
  ...calling(['consignee-by-id', 'bank-card-by-id'], ['2.8', '2.9']),
  title: 'The bank card and the consignee of one id are two records',
  description:
    "Asks for the consignee of an id (#9), then for the bank card of the same id (#8), one right after the other (the coverage pass's bank card id, then its consignee id, until both answer a record): the same record, field for field, from both, where a bank card (2.8: account name, bank, account number) and a consignee (2.9: name, mobile, address) are records of two lists. Two lookups that share one cache of answers by id show so: whichever is asked first fills the entry the other answers. A refusal of either leaves nothing to compare. Warning: the spec gives #8 the consignee record's shape, not its content.",
  quote:
    '/pc/customer/bankCardInfoById | id | consignee record shape (2.9) … /pc/customer/consigneeInfoById | id | consignee record (2.9) … Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  async run(context) {
    for (const id of idsTried()) {
      const consignee = await context.call('consignee-by-id', { id });
      if (unanswered(consignee)) return { completed: false, reason: `consigneeInfoById ${String(id)} gave no answer`, findings: [] };
      const card = await context.call('bank-card-by-id', { id });
      if (unanswered(card)) return { completed: false, reason: `bankCardInfoById ${String(id)} gave no answer`, findings: [] };
      const [asConsignee, asCard] = [resultData(consignee), resultData(card)];
      if (!answered(consignee) || !answered(card) || !withFields(asConsignee) || !withFields(asCard)) continue;
      if (!isDeepStrictEqual(asConsignee, asCard)) return { completed: true, findings: [] };
      return {
        completed: true,
        findings: [
          {
            instancePath: '/data',
            expected: `the bank card with id ${String(id)}, a record of the bank card list, not the consignee consigneeInfoById answered for it`,
            actual: `the record consigneeInfoById answered just before, field for field (${Object.keys(asCard).length} fields)`,
            exchange: card,
            steps: [consignee, card].map(keepStep),
          },
        ],
      };
    }
    return { completed: false, reason: 'no id tried answered both a consignee and a bank card', findings: [] };
  },
};
