// The interface's limits and patterns, shared by the extension (to check input as it is typed)
// and the reference service (to reject it). The interface leaves them open; these are ours.
// Plain values without zod, so that the popup's first script can hold them without zod (the
// schemas built on them are in contract.ts).

export const DESTINATION_URL_MAX_LENGTH = 2048;
export const TITLE_MAX_LENGTH = 255;
export const BACK_HALF_MAX_LENGTH = 64;
export const BACK_HALF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const GENERATED_BACK_HALF_LENGTH = 7;
export const GENERATED_BACK_HALF_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;

/**
 * What a client does about an error code: the kinds of failure the extension tells apart (its own
 * `ApiErrorKind` adds the ones no service sends: network, timeout, permission, …).
 */
export const ERROR_CODE_KINDS = [
  'invalid_input',
  'back_half_taken',
  'unauthorized',
  'paid_plan_required',
  'not_found',
  'rate_limited',
  'server_error',
  'unexpected_response',
] as const;
export type ErrorCodeKind = (typeof ERROR_CODE_KINDS)[number];

/**
 * Every error code of the reference service, with the HTTP status it is sent with and the kind a
 * client reads it as: the one key from the service's answer to the sentence a person reads. The
 * service takes each problem's status from here; the client reads a known code here before it
 * looks at anything else of a body. Adding a code is adding one row.
 */
export const ERROR_CODES = {
  invalid_json: { status: 400, kind: 'invalid_input' },
  invalid_body: { status: 400, kind: 'invalid_input' },
  invalid_field: { status: 400, kind: 'invalid_input' },
  missing_field: { status: 400, kind: 'invalid_input' },
  unknown_field: { status: 400, kind: 'invalid_input' },
  unknown_domain: { status: 400, kind: 'invalid_input' },
  blocked_destination: { status: 400, kind: 'invalid_input' },
  back_half_taken: { status: 409, kind: 'back_half_taken' },
  unauthorized: { status: 401, kind: 'unauthorized' },
  paid_plan_required: { status: 403, kind: 'paid_plan_required' },
  not_found: { status: 404, kind: 'not_found' },
  method_not_allowed: { status: 405, kind: 'unexpected_response' },
  payload_too_large: { status: 413, kind: 'invalid_input' },
  rate_limited: { status: 429, kind: 'rate_limited' },
  internal_error: { status: 500, kind: 'server_error' },
  /** The service cannot store data now (its database is locked, full or failing): retry later. */
  service_unavailable: { status: 503, kind: 'server_error' },
} as const satisfies Record<string, { status: number; kind: ErrorCodeKind }>;

/** Error codes the reference service sends in `{"success": false, "code": ...}`. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes by name, for code that reads better as `ErrorCode.backHalfTaken`. */
export const ErrorCode = {
  invalidJson: 'invalid_json',
  invalidBody: 'invalid_body',
  invalidField: 'invalid_field',
  missingField: 'missing_field',
  unknownField: 'unknown_field',
  unknownDomain: 'unknown_domain',
  backHalfTaken: 'back_half_taken',
  unauthorized: 'unauthorized',
  paidPlanRequired: 'paid_plan_required',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  blockedDestination: 'blocked_destination',
  internalError: 'internal_error',
  serviceUnavailable: 'service_unavailable',
} as const satisfies Record<string, ErrorCode>;

/** The row of a code this contract knows, or undefined for a foreign service's own code. */
export function knownErrorCode(
  code: string | undefined,
): (typeof ERROR_CODES)[ErrorCode] | undefined {
  return code !== undefined && Object.hasOwn(ERROR_CODES, code)
    ? ERROR_CODES[code as ErrorCode]
    : undefined;
}

/** The input fields of a link, named as on the wire. */
export type LinkField = 'destination_url' | 'back_half' | 'title' | 'domain';

/**
 * Hosts on this computer: the only ones the API key may be sent to over plain HTTP, and the ones
 * whose short URLs use http://.
 */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}
