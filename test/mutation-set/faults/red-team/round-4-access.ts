/**
 * Red team round 4, access: a handler mapped for every method, which answers GET with its fields in
 * the query; a password check skipped when there is no password; and a list that takes the member
 * whose records it lists from the body instead of the token.
 */
import { LIST_REQUEST, mobile, readRequest, wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { BankCard } from '../../../../src/reference/records.js';
import { inputFault, interceptFault, json } from '../../../../src/reference/faults/fault.js';
import { pathOf, succeeded, success } from './_internals/answers.js';
import { supplyBody } from './_internals/request-body.js';
import { seeded } from './_internals/seeded.js';
import { OWASP } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** A password the check skips: none at all, null, or the empty string (`if (password && !matches(password, hash))`). */
const noPassword = (payload: Json): boolean => payload.password === undefined || payload.password === null || payload.password === '';

/** The member a list call names in its body (memberId), where it is another than the one the token stands for. */
function namedMember(payload: unknown): number | undefined {
  const id = isPlainObject(payload) ? wholeNumber(payload.memberId) : undefined;
  return id !== undefined && id !== seeded().account.id ? id : undefined;
}

/**
 * The bank cards of another registered member (ids 2 to 21): three to six, in the seed's banks and
 * account numbers, held in the member's company name, at ids none of the caller's cards have.
 */
function bankCardsOf(memberId: number): BankCard[] {
  const member = seeded().members.find((candidate) => candidate.id === memberId);
  if (!member) return [];
  const cards = seeded().bankCards;
  return Array.from({ length: 3 + (memberId % 4) }, (_, index) => {
    const { record } = cards[(memberId * 37 + index * 53) % cards.length]!;
    return { ...record, id: 100_000 + memberId * 100 + index, accountName: member.companyName || member.realName };
  });
}

export const round4Access: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'get-with-query-string-answered',
    description:
      "The handler is mapped with Spring's @RequestMapping and no method, so it takes every method, and binds its fields from the query string as readily as from the body",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 4,
      standard: OWASP,
      clause: 'API8:2023 Security Misconfiguration: the API might be vulnerable if "Unnecessary features are enabled (e.g. HTTP verbs, logging features)"',
      observable:
        "Request class: GET //pc/customer/bankCardInfoById?id=3 with the token. It answers the bank card's holder, reserved mobile and account number, now in a URL that every access log and proxy keeps, where the clean server knows no such path",
    },
    expect: { check: 'get-query-answered', severity: 'warning', breaks: ['owasp-api8-unneeded-features'] },
    interceptor() {
      const path = pathOf('bank-card-by-id');
      return (req) => {
        const url = req.url ?? '';
        if (req.method !== 'GET' || !url.startsWith(`${path}?`)) return false;
        const fields = Object.fromEntries(new URLSearchParams(url.slice(path.length + 1)));
        req.method = 'POST';
        req.url = path;
        supplyBody(req, JSON.stringify(fields));
        return false;
      };
    },
  }),
  planted(inputFault, {
    name: 'empty-password-skips-check',
    description: 'Login checks the password only when one is given, if (password && !matches(password, hash)), and then signs the member of the mobile in',
    operationId: 'login',
    redTeam: {
      round: 4,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "Authentication mechanisms are often implemented incorrectly, allowing attackers to compromise authentication tokens or to exploit implementation flaws to assume other user\'s identities"',
      observable:
        'Request class: login with a mobile and password "" (or null, or none). It succeeds as a right password does, where the clean server refuses the password: anyone who knows a mobile number signs in as its member',
    },
    expect: { check: 'sign-in-without-password', severity: 'warning', breaks: ['owasp-api2-implementation-flaws'] },
    when: (payload) => isPlainObject(payload) && mobile(payload.mobile) !== undefined && noPassword(payload),
    answer: () => json(success({})),
  }),
  planted(inputFault, {
    name: 'bank-cards-of-member-named-in-body',
    description:
      'The list query takes the member from a memberId in the body when there is one, a parameter left from the back office that shares the service, and from the token only when there is none',
    operationId: 'bank-card-list',
    redTeam: {
      round: 4,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "Every API endpoint that receives an ID of an object, and performs any action on the object, should implement object-level authorization checks"',
      observable:
        "Request class: bankCardList with a memberId of another member (the ids 2 to 21 registration hands out). It lists that member's bank cards, holder and account number, where the clean server lists the caller's own",
    },
    expect: {
      unseen:
        'no check sees it: it shows only when the body names another owner in a member the spec does not document (memberId), and a list of guessed names is no rule (owasp-api1-object-authorization)',
    },
    when: (payload) => namedMember(payload) !== undefined,
    answer(body, payload) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      const memberId = namedMember(payload);
      if (!succeeded(clean) || !asked.ok || memberId === undefined) return json(clean);
      const { pageSize, pageNo = 1 } = asked.value;
      return json(success(pageOf(bankCardsOf(memberId), pageSize, pageNo, 'newest-first')));
    },
  }),
];
