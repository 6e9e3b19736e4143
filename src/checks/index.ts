import { massAssignment } from './abuse/mass-assignment.js';
import { codedBodyPastLimit } from './abuse/coded-body-past-limit.js';
import { methodOverride } from './abuse/method-override.js';
import { optionsServedAsOperation } from './abuse/options-served-as-operation.js';
import { severalRecipients } from './abuse/several-recipients.js';
import { backtrackingTime } from './abuse/backtracking-time.js';
import { byIdRecord } from './asked/by-id-record.js';
import { duplicateIdForeignRecord } from './asked/duplicate-id-foreign-record.js';
import { filterOutsideList } from './asked/filter-outside-list.js';
import { listFilter } from './asked/list-filter.js';
import { listSelector } from './asked/list-selector.js';
import { listedRecordFound } from './asked/listed-record-found.js';
import { dataSchema } from './data/data-schema.js';
import { sampleTypes } from './data/sample-types.js';
import { statusText } from './data/status-text.js';
import { textCompatibilityForm } from './data/text-compatibility-form.js';
import { textEscapesKept } from './data/text-escapes-kept.js';
import { textHtmlEscaped } from './data/text-html-escaped.js';
import { textReplacedOnOneRead } from './data/text-replaced-on-one-read.js';
import { textUrlDecoded } from './data/text-url-decoded.js';
import { envelope } from './envelope/envelope.js';
import { authDocumentedHeader } from './auth/documented-header.js';
import { authNearMissToken } from './auth/near-miss-token.js';
import { authUnsignedJwt } from './auth/unsigned-jwt.js';
import { authInternalCaller } from './auth/internal-caller.js';
import { authCookieInPlaceOfToken } from './auth/cookie-in-place-of-token.js';
import { authRenewedToken } from './auth/renewed-token.js';
import { authUnauthorizedData } from './auth/unauthorized-data.js';
import { authUnauthorizedChange } from './auth/unauthorized-change.js';
import { signInWithoutPassword } from './auth/sign-in-without-password.js';
import { etag } from './headers/etag.js';
import { lastModified } from './headers/last-modified.js';
import { linkHeader } from './headers/link-header.js';
import { statusLine } from './transport/status-line.js';
import { corsCredentialsWildcard } from './hygiene/cors-credentials-wildcard.js';
import { corsReflectedOrigin } from './hygiene/cors-reflected-origin.js';
import { databaseErrorLeak } from './hygiene/database-error-leak.js';
import { markupEcho } from './hygiene/markup-echo.js';
import { recordSecrets } from './hygiene/record-secrets.js';
import { recordPersonalData } from './hygiene/record-personal-data.js';
import { stackTraceLeak } from './hygiene/stack-trace-leak.js';
import { sharedCache } from './hygiene/shared-cache.js';
import { internalAddress } from './hygiene/internal-address.js';
import { tokenEcho } from './hygiene/token-echo.js';
import { passwordEcho } from './hygiene/password-echo.js';
import { refusalPersonalData } from './hygiene/refusal-personal-data.js';
import { versionDisclosure } from './hygiene/version-disclosure.js';
import { debugFields } from './hygiene/debug-fields.js';
import { dateHeader } from './headers/date-header.js';
import { retryAfter } from './headers/retry-after.js';
import { wwwAuthenticate } from './headers/www-authenticate.js';
import { setCookie } from './headers/set-cookie.js';
import { jsonBom } from './json/json-bom.js';
import { jsonCodePoints } from './json/json-code-points.js';
import { jsonDuplicateNames } from './json/json-duplicate-names.js';
import { jsonNumberPrecision } from './json/json-number-precision.js';
import { textDoubleEncoded } from './json/text-double-encoded.js';
import { operationVerified } from './operation/operation-verified.js';
import { orderLineCodes } from './orders/order-line-codes.js';
import { orderLineCount } from './orders/order-line-count.js';
import { orderLineQuantity } from './orders/order-line-quantity.js';
import { orderLinesComplete } from './orders/order-lines-complete.js';
import { orderTimeFuture } from './orders/order-time-future.js';
import { pageNumberEcho } from './page/page-number-echo.js';
import { pageNumberDefault } from './page/page-number-default.js';
import { pageNumberRefused } from './page/page-number-refused.js';
import { pageAskedAgain } from './page/page-asked-again.js';
import { pageIntegerText } from './page/page-integer-text.js';
import { pagePastEnd } from './page/page-past-end.js';
import { pagePastEndList } from './page/page-past-end-list.js';
import { pageRepeatedRecords } from './page/page-repeated-records.js';
import { pageSizeAsked } from './page/page-size-asked.js';
import { pageTotal } from './page/page-total.js';
import { pageTotalSteady } from './page/page-total-steady.js';
import { pageSizesAgree } from './page/page-sizes-agree.js';
import { documentedPath } from './paths/documented-path.js';
import { pageSizeBound } from './page/page-size-bound.js';
import { httpStatus } from './transport/http-status.js';
import { httpStatusClientError } from './transport/http-status-client-error.js';
import { contentEncoding } from './transport/content-encoding.js';
import { jsonBody } from './transport/json-body.js';
import { jsonCharset } from './transport/json-charset.js';
import { jsonContentType } from './transport/json-content-type.js';
import { jsonUnicode } from './transport/json-unicode.js';
import { rateLimited } from './transport/rate-limited.js';
import { responseReceived } from './transport/response-received.js';
import { persistentConnection } from './transport/persistent-connection.js';
import { connectionClose } from './transport/connection-close.js';
import { headContent } from './transport/head-content.js';
import { unsolicitedAnswer } from './transport/unsolicited-answer.js';
import { notModifiedStatus } from './transport/not-modified-status.js';
import { partialContentStatus } from './transport/partial-content-status.js';
import { pipelinedOrder } from './transport/pipelined-order.js';
import { allowHeader } from './headers/allow-header.js';
import { upgradeHeader } from './headers/upgrade-header.js';
import { upgradeConnectionOption } from './headers/upgrade-connection-option.js';
import { contentLengthWithoutContent } from './headers/content-length-without-content.js';
import { hstsCleartext } from './headers/hsts-cleartext.js';
import { contentDigest } from './headers/content-digest.js';
import { fieldSyntax } from './headers/field-syntax.js';
import { cacheStatus } from './headers/cache-status.js';
import { deprecationHeader } from './headers/deprecation-header.js';
import { bearerChallenge } from './headers/bearer-challenge.js';
import { equivalentForm } from './headers/equivalent-form.js';
import { varyAcceptEncoding } from './headers/vary-accept-encoding.js';
import { transferEncodingVersion } from './transport/transfer-encoding-version.js';
import { interimAnswerVersion } from './transport/interim-answer-version.js';
import { getQueryAnswered } from './hygiene/get-query-answered.js';
import { relationChecks } from './relations/index.js';
import type { Check } from './types.js';

/** Every check, by area, in the order they are reported: transport first, then what rests on it. */
export const checksByArea = {
  transport: [
    responseReceived,
    httpStatus,
    httpStatusClientError,
    rateLimited,
    contentEncoding,
    jsonBody,
    jsonUnicode,
    jsonContentType,
    jsonCharset,
    persistentConnection,
    connectionClose,
    headContent,
    unsolicitedAnswer,
    pipelinedOrder,
    notModifiedStatus,
    partialContentStatus,
    statusLine,
    transferEncodingVersion,
    interimAnswerVersion,
  ],
  json: [jsonBom, jsonDuplicateNames, jsonNumberPrecision, jsonCodePoints, textDoubleEncoded],
  headers: [
    retryAfter,
    dateHeader,
    wwwAuthenticate,
    allowHeader,
    upgradeHeader,
    upgradeConnectionOption,
    contentLengthWithoutContent,
    fieldSyntax,
    etag,
    lastModified,
    setCookie,
    linkHeader,
    equivalentForm,
    varyAcceptEncoding,
    hstsCleartext,
    contentDigest,
    cacheStatus,
    deprecationHeader,
    bearerChallenge,
  ],
  paths: [documentedPath],
  envelope: [envelope],
  data: [dataSchema, sampleTypes, statusText, textHtmlEscaped, textEscapesKept, textUrlDecoded, textCompatibilityForm, textReplacedOnOneRead],
  page: [
    pageNumberEcho,
    pageIntegerText,
    pageSizeBound,
    pageSizeAsked,
    pageRepeatedRecords,
    pageTotal,
    pageTotalSteady,
    pageSizesAgree,
    pagePastEnd,
    pagePastEndList,
    pageNumberDefault,
    pageNumberRefused,
    pageAskedAgain,
  ],
  relations: relationChecks,
  asked: [byIdRecord, listedRecordFound, duplicateIdForeignRecord, listFilter, filterOutsideList, listSelector],
  orders: [orderLineCodes, orderLineQuantity, orderLinesComplete, orderLineCount, orderTimeFuture],
  hygiene: [
    stackTraceLeak,
    databaseErrorLeak,
    markupEcho,
    versionDisclosure,
    debugFields,
    corsCredentialsWildcard,
    corsReflectedOrigin,
    recordSecrets,
    recordPersonalData,
    refusalPersonalData,
    sharedCache,
    internalAddress,
    tokenEcho,
    passwordEcho,
    getQueryAnswered,
  ],
  abuse: [massAssignment, severalRecipients, methodOverride, optionsServedAsOperation, backtrackingTime, codedBodyPastLimit],
  auth: [
    authDocumentedHeader,
    authUnauthorizedData,
    authUnauthorizedChange,
    authNearMissToken,
    authUnsignedJwt,
    authInternalCaller,
    authCookieInPlaceOfToken,
    authRenewedToken,
    signInWithoutPassword,
  ],
  operation: [operationVerified],
} as const satisfies Record<string, readonly Check[]>;

export const allChecks: readonly Check[] = Object.values(checksByArea).flat();

/**
 * The checks no --checks or --exclude-checks leaves out, each with why: they say what the run could
 * not check, and without them a server that answers nothing could pass.
 */
export const alwaysRun: ReadonlyArray<{ readonly check: Check; readonly why: string }> = [
  {
    check: responseReceived,
    why: 'it is what reports a call that got no answer: without it a server that times out or resets every connection could pass',
  },
  {
    check: operationVerified,
    why: 'it is what says an operation answered nothing whose data could be checked: without it the report would not say why',
  },
];
