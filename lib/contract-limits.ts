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

/** Error codes the reference service sends in `{"success": false, "code": ...}`. */
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
  /** The service cannot store data now (its database is locked, full or failing): retry later. */
  serviceUnavailable: 'service_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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
