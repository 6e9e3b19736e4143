import {
  bodyFault,
  dataFault,
  type Fault,
  type FaultFacts,
  interceptFault,
  json,
  listRecordFault,
  routeFault,
  socketFault,
} from '../../../../src/reference/faults/fault.js';
import { ALREADY_REGISTERED } from '../../../../src/reference/handlers/_internals/account.js';
import { envelope } from '../../../../src/reference/handlers/_internals/answer.js';
import { credentialsRefused, TOKEN_LIFETIME_SECONDS } from '../../../../src/reference/handlers/token.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { SEEDED_RECORDS } from '../../../../src/reference/seed.js';
import { bcryptReads, outsidePasswordRule, PASSED_ON, PEPPER_CHARS } from '../_internals/access.js';
import { sendText, succeeded, success } from '../_internals/answers.js';
import { heldJson, holdAnswer, withJson } from '../_internals/held-answer.js';
import { bodyObject, rewriteBody, watchBody } from '../_internals/request-body.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';

/** What a server that never really deletes still answers. */
const ghostConsignee = {
  consigneeName: '王芳',
  mobile: '13800138000',
  phone: '010-62345678',
  province: '北京市',
  city: '北京市',
  county: '海淀区',
  address: '中关村大街27号',
  isDefault: 0,
  remark: '',
  createdAt: null,
};

/** What a consignment detail that never forgets still answers: the purchase order shape (2.7) #6 answers. */
const ghostConsignment = {
  productNumber: 'JS202611220001',
  productCas: '75-05-8',
  productCname: '乙腈',
  productLevel: 'HPLC',
  productNums: '4',
  productPack: '4L',
  salePrice: '420.00',
  status: 0,
  statusText: '待审核',
  remark: '',
  createdAt: null,
};

/**
 * A list that forgets the records created after start-up (their `idField` past the seeded ids):
 * leaves them out, or, given `blanks`, sends that field of theirs empty.
 */
function forgetsCreated(facts: FaultFacts & { idField: string; blanks?: string }): Fault {
  const created = (record: Json) => Number(record[facts.idField]) > SEEDED_RECORDS;
  const { blanks } = facts;
  if (blanks === undefined) return listRecordFault({ ...facts, keep: (record) => !created(record) });
  return listRecordFault({ ...facts, rewrite: (record) => (created(record) ? { ...record, [blanks]: '' } : record) });
}

/** A mobile as register reads it: 11 digits, as a string or as the number they spell. */
const mobileAsRegistered = (value: unknown): string | undefined => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined);

/** Whether the answer is the clean register's refusal of a mobile a member already has. */
const alreadyRegistered = (body: Json): boolean => isPlainObject(body.error) && body.error.field === 'mobile' && body.error.reason === ALREADY_REGISTERED;

/** Why the clean reset refuses an old password that is not the member's. */
const NOT_CURRENT = 'is not the current password';

/**
 * A fault at the token operation (4.1) for the calls whose body is a JSON array, reported at login
 * (#12), the section 4 operation of signing in: `respond` gets the clean answer to each element.
 */
function batchedSignInFault(facts: FaultFacts & { respond: Fault['respond'] }): Fault {
  return { ...socketFault(facts), strikes: (operation, payload) => operation.id === 'token-get' && Array.isArray(payload) };
}

/** Servers that forget what they were told (1: behaviour beyond shapes is not shown, so the flows report warnings). */
export const stateFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'flow-demand-lifecycle', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-demand-not-listed',
      description: 'leaves custom demands created after start-up out of the list',
      operationId: 'custom-demand-list',
      idField: 'id',
    },
    {
      name: 'created-demand-level-lost',
      description: 'lists custom demands created after start-up without the level they were created with',
      operationId: 'custom-demand-list',
      idField: 'id',
      blanks: 'productLevel',
    },
  ]),
  ...caughtBy({ check: 'flow-demand-lifecycle', severity: 'warning', at: 'custom-demand-list' }, routeFault, [
    {
      name: 'demand-delete-deletes-nothing',
      description: 'answers delDemand with success and deletes nothing',
      operationId: 'custom-demand-delete',
      answer: json({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} }),
    },
  ]),
  ...caughtBy({ check: 'flow-order-listed', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-order-not-listed',
      description: 'leaves alpha orders created after start-up out of the order list',
      operationId: 'alpha-orders-list',
      idField: 'soId',
    },
    {
      name: 'created-order-note-dropped',
      description: 'lists alpha orders created after start-up without their note',
      operationId: 'alpha-orders-list',
      idField: 'soId',
      blanks: 'soNote',
    },
  ]),
  ...caughtBy({ check: 'flow-invoice-profile-lifecycle', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-invoice-profile-not-listed',
      description: 'leaves invoice profiles created after start-up out of the invoice profile list (an operation of 4.1, at the reference map’s path)',
      operationId: 'invoice-profile-list',
      idField: 'id',
    },
  ]),
  ...caughtBy({ check: 'flow-invoice-profile-lifecycle', severity: 'warning' }, dataFault, [
    {
      name: 'created-invoice-profile-detail-without-address',
      description: 'answers the detail of an invoice profile created after start-up without its registered address (the list still shows it)',
      operationId: 'invoice-profile-detail',
      rewrite: (data) => (Number(data.id) > SEEDED_RECORDS ? { ...data, registeredAddress: '' } : data),
    },
  ]),
  ...caughtBy({ check: 'flow-bank-card-lifecycle', severity: 'warning', at: 'bank-card-list' }, routeFault, [
    {
      name: 'bank-card-delete-deletes-nothing',
      description: 'answers the bank card delete (an operation of 4.1) with success and deletes nothing',
      operationId: 'bank-card-delete',
      answer: json({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} }),
    },
  ]),
  ...caughtBy({ check: 'flow-consignee-lifecycle', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-consignee-not-listed',
      description: 'leaves consignees created after start-up out of the consignee list (an operation of 4.1)',
      operationId: 'consignee-list',
      idField: 'id',
    },
  ]),
  ...caughtBy({ check: 'flow-consignment-lifecycle', severity: 'warning' }, bodyFault, [
    {
      name: 'deleted-consignment-still-in-detail',
      description: 'still answers a deleted consignment by id in the consignment detail (an operation of 4.1), though the list no longer shows it',
      operationId: 'consignment-detail',
      rewrite: (body, payload) =>
        body.code === '404' ? { data: { ...ghostConsignment, id: Number(payload.cid) }, status: 'success', code: '200', message: '操作成功', error: {} } : body,
    },
  ]),
  ...caughtBy({ check: 'flow-consignee-deleted', severity: 'warning' }, bodyFault, [
    {
      name: 'deleted-consignee-still-answered',
      description: 'still answers a deleted consignee by id',
      operationId: 'consignee-by-id',
      rewrite: (body, payload) =>
        body.code === '404' ? { data: { ...ghostConsignee, id: Number(payload.id) }, status: 'success', code: '200', message: '操作成功', error: {} } : body,
    },
  ]),
  planted(interceptFault, {
    name: 'register-overwrites-existing-member',
    description:
      "Registration saves the member with INSERT … ON DUPLICATE KEY UPDATE password = VALUES(password), written so that a registration retried after a timeout would not fail on the unique mobile: a registration with the mobile of a member who exists is no longer refused but overwrites that member's password, and the token operation then takes the new password and no longer the member's own",
    operationId: 'login',
    redTeam: {
      round: 10,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "Authentication mechanisms are often implemented incorrectly, allowing attackers to compromise authentication tokens or to exploit implementation flaws to assume other user\'s identities temporarily or permanently"',
      observable:
        "Request class: register (4.1) with the mobile of a member who exists (the mobile the token operation takes), any SMS code and a password of the caller's choosing. It answers success with that member's id, where the clean server refuses the mobile as already registered; the token operation then hands out the member's token for the caller's password and refuses the member's own with code \"401\"",
    },
    expect: { check: 'flow-registration-again', severity: 'warning', at: 'account-register' },
    interceptor(token) {
      const registerPath = listedPathOf('account-register');
      const tokenPath = listedPathOf('token-get');
      const { members, account } = seeded();
      const seededIds = new Map(members.map((member) => [member.mobile, member.id]));
      const registeredHere = new Map<string, number>();
      const overwritten = new Map<string, string>();
      return (req, res) => {
        if (req.url === registerPath) {
          const asked = watchBody(req);
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const mobile = mobileAsRegistered(asked()?.mobile);
            const password = asked()?.password;
            if (!body || mobile === undefined) return send(held);
            if (succeeded(body) && isPlainObject(body.data)) registeredHere.set(mobile, Number(body.data.id));
            if (!alreadyRegistered(body) || typeof password !== 'string') return send(held);
            overwritten.set(mobile, password);
            send(withJson(held, success({ id: seededIds.get(mobile) ?? registeredHere.get(mobile) ?? account.id })));
          });
          return false;
        }
        if (req.url !== tokenPath) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const mobile = asked()?.mobile;
          const written = typeof mobile === 'string' ? overwritten.get(mobile) : undefined;
          // The sandbox holds tokens for its own member only: the others' tokens are not its to hand out.
          if (typeof mobile !== 'string' || written === undefined || seededIds.has(mobile) || registeredHere.has(mobile)) return send(held);
          const granted = asked()?.password === written;
          send(withJson(held, granted ? success({ token, expiresIn: TOKEN_LIFETIME_SECONDS }) : (envelope('full', credentialsRefused()) as Json)));
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'sign-in-cache-key-reads-eight-password-bytes',
    description: `The token operation keeps a cache of sign-ins that succeeded, so that members still get a token while the member directory is slow; an entry's key is bcrypt over a ${PEPPER_CHARS}-character hex pepper followed by the password, and bcrypt reads only the first 72 bytes of its input, so the key is made of the password's first ${72 - PEPPER_CHARS} bytes: a later sign-in of the mobile whose password starts the same finds the entry and is granted`,
    operationId: 'login',
    redTeam: {
      round: 11,
      standard: 'NIST SP 800-63B',
      clause:
        '5.1.1.2 Memorized Secret Verifiers: "Truncation of the secret SHALL NOT be performed" (and OWASP API2:2023 Broken Authentication: implementation flaws that let attackers "assume other user\'s identities")',
      observable: `Request class: the token operation (4.1) with the member's mobile and a wrong password that starts with the right one's first ${72 - PEPPER_CHARS} characters (the password's first 8, then anything), after the member has signed in once. It answers the member's token, expiresIn ${TOKEN_LIFETIME_SECONDS}, where the clean server answers code "401"; a password differing within its first 8 characters is refused as before`,
    },
    expect: { check: 'flow-sign-in-near-miss', severity: 'warning', at: 'token-get' },
    interceptor(token) {
      const path = listedPathOf('token-get');
      const cached = new Map<string, { readonly key: string; readonly until: number }>();
      return (req, res) => {
        if (req.url !== path) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const { mobile, password } = asked() ?? {};
          if (!body || typeof mobile !== 'string' || typeof password !== 'string') return send(held);
          if (succeeded(body)) {
            cached.set(mobile, { key: bcryptReads(password), until: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
            return send(held);
          }
          const entry = cached.get(mobile);
          const hit = entry !== undefined && entry.until > Date.now() && entry.key === bcryptReads(password);
          send(hit ? withJson(held, success({ token, expiresIn: TOKEN_LIFETIME_SECONDS })) : held);
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'password-change-ignores-old-password-check',
    description:
      "resetPassword calls passwordEncoder.matches(oldPassword, member.getPassword()) and drops the boolean it returns, as if it threw on a mismatch like the validator beside it; the member's password is then set to newPassword whatever oldPassword was",
    operationId: 'login',
    redTeam: {
      round: 11,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Allows users to change sensitive information, such as email address, current password, or phone number without asking for password confirmation"',
      observable:
        'Request class: resetPassword (4.1) with the token and an oldPassword that is not the member\'s (any string), and a valid newPassword. It answers success, where the clean server answers code "400", "oldPassword: is not the current password": whoever holds a token, stolen or left in a shared browser, takes the account over; the right oldPassword answers success as before',
    },
    expect: { check: 'flow-password-reset-wrong-old', severity: 'warning', at: 'account-reset-password' },
    interceptor() {
      const path = listedPathOf('account-reset-password');
      return (req, res) => {
        if (req.url !== path) return false;
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const refusedOld = body !== undefined && isPlainObject(body.error) && body.error.field === 'oldPassword' && body.error.reason === NOT_CURRENT;
          send(refusedOld ? withJson(held, success({})) : held);
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'new-password-rules-skipped-on-reset',
    description:
      "The password rule (6 to 32 characters) is a @Size on the DTOs' password fields, which Spring checks only on a parameter marked @Valid; the register controller marks its DTO, the reset-password and forgot-password controllers, written later from another template, do not, so their newPassword is saved as sent: one character, or none",
    operationId: 'login',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Permits weak passwords"; "\'Forgot password / reset password\' should be treated the same way as authentication mechanisms"',
      observable:
        'Request class: resetPassword (4.1) with the right oldPassword and a newPassword of fewer than 6 characters ("1", or ""), or forgetPassword (4.1) with one. It answers success, where the clean server refuses it with code "400", "newPassword: …", as registration still refuses the same password; a wrong oldPassword is refused as before',
    },
    expect: { check: 'flow-weak-password-change', severity: 'warning', at: 'account-forgot-password' },
    interceptor() {
      const paths = new Set([listedPathOf('account-reset-password'), listedPathOf('account-forgot-password')]);
      return (req) => {
        if (!paths.has(req.url ?? '')) return false;
        rewriteBody(req, (text) => {
          const asked = bodyObject(text);
          return asked && outsidePasswordRule(asked.newPassword) ? JSON.stringify({ ...asked, newPassword: PASSED_ON }) : text;
        });
        return false;
      };
    },
  }),
  planted(batchedSignInFault, {
    name: 'token-operation-takes-a-batch-of-credentials',
    description:
      "The token operation's controller was given an overload for the ERP connector, which signs its purchasing sub-accounts in at once: a JSON array of {mobile, password} is answered with an array of what each would have got alone, each sign-in checked on its own and none counted against the others; the rate limit and the failed-sign-in counter in front of it count requests, and a batch is one request",
    operationId: 'login',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Permits attackers to perform a brute force attack on the same user account, without presenting captcha/account lockout mechanism" (and API4:2023: no limit on the "Number of operations to perform in a single API client request")',
      observable:
        'Request class: the token operation (4.1) whose body is a JSON array of {mobile, password} (a thousand guesses at one mobile\'s password, or []). It answers success with data an array of the envelopes each guess gets alone, the right one carrying the token, where the clean server refuses the body with code "400"; a single {mobile, password} is answered as before',
    },
    expect: { check: 'flow-batch-sign-in', severity: 'warning', at: 'token-get' },
    respond(res, _body, payload, answerTo) {
      const each = (payload as unknown[]).map((credentials) => answerTo(credentials));
      sendText(res, JSON.stringify(success(each)));
    },
  }),
];
