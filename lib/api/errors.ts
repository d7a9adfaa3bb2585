// The one error type of the API client. How a service's error answer is read into it is in
// error-body.ts; the words the UI shows for it are in ../error-text.ts.
import * as z from 'zod/mini';
import { ERROR_CODE_KINDS } from '../../contract/limits.ts';

/**
 * Every failure the UI acts on: the kinds the contract's error codes are read as, and those no
 * service sends. Adding one means adding its row to ERROR_TEXT.
 */
export const ApiErrorKind = z.enum([
  ...ERROR_CODE_KINDS,
  'network',
  'timeout',
  'invalid_base_url',
  // The browser does not let the extension reach the API origin (withdrawn, or never granted).
  'permission_missing',
]);
export type ApiErrorKind = z.infer<typeof ApiErrorKind>;

/** Seconds as the English sentence writes them: one decimal below ten. */
export const secondsText = (seconds: number): string =>
  seconds < 10 ? seconds.toFixed(1) : String(Math.round(seconds));

type Value = string | number;

/**
 * The client's own sentences, in English, by name. An ApiError made from one keeps the English
 * words in `message` (logs, tests) and its name and values in `reason`, so that the UI says it in
 * the person's language (lib/wording/error-text.ts): lib/api sits below the messages. A service's own
 * sentence has no reason, and is shown as the service wrote it.
 */
export const API_ERROR_SENTENCES = {
  notAShortLink: (shortUrl: Value) => `"${shortUrl}" is not a short link: it has no back-half.`,
  noApiKey: () => 'No API key is set.',
  apiKeyCharacters: () =>
    'The API key contains spaces or characters an API key cannot have; paste it again.',
  emptyAnswer: () => 'The service sent an empty answer where a JSON answer was expected.',
  webPageAnswer: () =>
    'The service answered with a web page instead of JSON, so the API base URL may point to a website.',
  notJsonAnswer: () => 'The service answered with something that is not JSON.',
  answerLacksField: (path: Value) => `The service's answer lacks a valid "${path}".`,
  answerLacksFields: () => "The service's answer lacks the expected fields.",
  leftBaseUrl: () => 'The request left the API base URL.',
  redirect: (origin: Value) =>
    `The service at ${origin} answered with a redirect, which is not followed: the API base URL may be out of date, or point to a website.`,
  timeout: (origin: Value, seconds: Value) =>
    `The service at ${origin} did not answer within ${secondsText(Number(seconds))} s.`,
  unreachable: (origin: Value) => `The service at ${origin} could not be reached.`,
  nextPageElsewhere: (other: Value, origin: Value) =>
    `The service put the next page of links at another address (${other}); the API key goes only to ${origin}, so the rest of the list was not read.`,
  moreLinksNoNext: () => 'The service said it has more links but not how to ask for them.',
  baseUrlNotAddress: (baseUrl: Value) => `The API base URL "${baseUrl}" is not a web address.`,
  baseUrlScheme: (protocol: Value) =>
    `The API base URL must start with https://, not ${protocol}//.`,
  baseUrlNotHttps: (host: Value) =>
    `The API base URL must use HTTPS: over http://${host} the API key would travel unencrypted.`,
  baseUrlCredentials: () => 'The API base URL must not contain a user name or password.',
  backHalfTaken: () => 'This back-half is already taken.',
  requestTooLarge: () => 'The request is too large for the service.',
  fieldRefused: (field: Value) => `The service refused the value of "${field}".`,
  requestRefused: () => 'The service refused the request as invalid.',
  keyNotAllowed: () => 'The API key is not allowed to do this.',
  keyRefused: () => 'The service refused the API key.',
  paidPlanOnly: () => 'The API is available only on paid plans.',
  linkNotFound: () => 'The link was not found.',
  tagNotFound: () => 'This tag was not found: it may have been deleted elsewhere.',
  tagNameTaken: () => 'Another tag already has this name (names are compared regardless of case).',
  tagLimitReached: () =>
    'This account has as many tags as it may have: delete one before adding another.',
  serviceGaveUp: () => 'The service gave up waiting for the request.',
  tooManyRequests: () => 'Too many requests: the service asks to slow down.',
  serviceFailed: (status: Value) => `The service failed to answer (HTTP ${status}).`,
  unexpectedStatus: (status: Value) => `The service answered with an unexpected HTTP ${status}.`,
} satisfies Record<string, (...values: Value[]) => string>;

export type ApiErrorReason = keyof typeof API_ERROR_SENTENCES;

export type ApiErrorDetails = {
  status?: number;
  /** The input field at fault, named as on the wire (`back_half`). */
  field?: string;
  /** The service's own error code, as it sent it. */
  code?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
  /** Which of the client's own sentences `message` is, and its values in order (a number: seconds). */
  reason?: ApiErrorReason;
  reasonValues?: Value[];
};

export class ApiError extends Error {
  override name = 'ApiError' as const;
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly code?: string;
  readonly retryAfterSeconds?: number;
  readonly reason?: ApiErrorReason;
  readonly reasonValues?: Value[];

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.field = details.field;
    this.code = details.code;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.reason = details.reason;
    this.reasonValues = details.reasonValues;
  }
}

/** Also true for an ApiError made in another realm (popup, options and background each have one). */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { name?: unknown; kind?: unknown };
  return candidate.name === 'ApiError' && typeof candidate.kind === 'string';
}

/**
 * The client's English sentence for the error's reason; when it differs from `message`, the
 * message is the service's own sentence for a code the reason says whole.
 */
export function ownSentenceOf(error: ApiError): string | undefined {
  if (!error.reason) return undefined;
  const sentence = API_ERROR_SENTENCES[error.reason] as (...values: Value[]) => string;
  return sentence(...(error.reasonValues ?? []));
}

/** An ApiError saying one of the client's own sentences (API_ERROR_SENTENCES). */
export function ownApiError(
  kind: ApiErrorKind,
  reason: ApiErrorReason,
  reasonValues: Value[] = [],
  details: Omit<ApiErrorDetails, 'reason' | 'reasonValues'> = {},
): ApiError {
  const sentence = API_ERROR_SENTENCES[reason] as (...values: Value[]) => string;
  return new ApiError(kind, sentence(...reasonValues), { ...details, reason, reasonValues });
}
