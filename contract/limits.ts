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
/** A tag's name, in characters (code points), once trimmed. */
export const TAG_NAME_MAX_LENGTH = 40;
/** The fixed palette of a tag's colour; a tag made without one is the first. */
export const TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];
export const MAX_TAGS_PER_LINK = 20;
export const MAX_TAGS_PER_ACCOUNT = 1000;
/** How many links one bulk edit (`PATCH /v1/links`) names at most. */
export const BULK_EDIT_MAX_LINKS = 500;
/** The largest click limit a link may have (`max_clicks`). */
export const MAX_CLICKS_LIMIT = 1_000_000_000;

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), as a
 * character class's ranges, no title holds: invisible, they reorder the text around them, so an
 * override shows `\u202Efdp.exe` as `exe.pdf` and a title reads otherwise than it is written. Kept
 * apart from the control characters (contract/wire.ts) because the page titles the extension
 * takes may hold them: it drops them (lib/links/title.ts), the service refuses them.
 */
export const DIRECTION_CONTROL_RANGES = '\\u202A-\\u202E\\u2066-\\u2069';

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
 * Every error code of the reference service, one row each: the HTTP status it is sent with, the
 * kind a client reads it as, and, where one of the client's own sentences says its whole meaning,
 * that sentence's name (`reason`, a key of API_ERROR_SENTENCES in lib/api/errors.ts), so that a page
 * can say the service's English sentence in the person's language. The type checker guards the
 * names: reasonOfCode (lib/api/error-body.ts) returns an ApiErrorReason, so a reason the client has
 * no sentence for fails `npm run typecheck`. A code without a reason carries what only the
 * service's words name (which field, which rule, which domain). The service takes each problem's
 * status from here; the client reads a known code here before it looks at anything else of a body.
 * Adding a code is adding one row; its name in code (`ErrorCode.backHalfTaken`) follows from it.
 */
export const ERROR_CODES = {
  invalid_json: { status: 400, kind: 'invalid_input' },
  invalid_body: { status: 400, kind: 'invalid_input' },
  invalid_field: { status: 400, kind: 'invalid_input' },
  missing_field: { status: 400, kind: 'invalid_input' },
  unknown_field: { status: 400, kind: 'invalid_input' },
  unknown_domain: { status: 400, kind: 'invalid_input' },
  blocked_destination: { status: 400, kind: 'invalid_input' },
  /** A request path with `.` or `..` segments, which the service never resolves. */
  invalid_path: { status: 400, kind: 'invalid_input' },
  back_half_taken: { status: 409, kind: 'back_half_taken', reason: 'backHalfTaken' },
  unauthorized: { status: 401, kind: 'unauthorized', reason: 'keyRefused' },
  paid_plan_required: { status: 403, kind: 'paid_plan_required', reason: 'paidPlanOnly' },
  not_found: { status: 404, kind: 'not_found', reason: 'linkNotFound' },
  /** A tag id the account has no tag with. */
  tag_not_found: { status: 404, kind: 'not_found', reason: 'tagNotFound' },
  /** A rename onto another tag's name (names are compared case-insensitively). */
  tag_name_taken: { status: 409, kind: 'invalid_input', reason: 'tagNameTaken' },
  /** The account has MAX_TAGS_PER_ACCOUNT tags: a new one would be over. */
  tag_limit_reached: { status: 409, kind: 'invalid_input', reason: 'tagLimitReached' },
  method_not_allowed: { status: 405, kind: 'unexpected_response' },
  payload_too_large: { status: 413, kind: 'invalid_input', reason: 'requestTooLarge' },
  rate_limited: { status: 429, kind: 'rate_limited', reason: 'tooManyRequests' },
  /**
   * A link's destination checked by hand less than a minute ago, or being checked: this link only,
   * so that a bulk check skips it instead of holding every other link as a rate limit does.
   */
  checked_recently: { status: 429, kind: 'rate_limited', reason: 'tooManyRequests' },
  internal_error: { status: 500, kind: 'server_error', reason: 'serviceFailed' },
  /** The service cannot store data now (its database is locked, full or failing): retry later. */
  service_unavailable: { status: 503, kind: 'server_error', reason: 'serviceFailed' },
} as const satisfies Record<string, { status: number; kind: ErrorCodeKind; reason?: string }>;

/** Error codes the reference service sends in `{"success": false, "code": ...}`. */
export type ErrorCode = keyof typeof ERROR_CODES;

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** The codes by name, for code that reads better as `ErrorCode.backHalfTaken`. */
export const ErrorCode = Object.freeze(
  Object.fromEntries(
    Object.keys(ERROR_CODES).map((code) => [
      code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      code,
    ]),
  ),
) as { readonly [Code in ErrorCode as CamelCase<Code>]: Code };

/** The row of a code this contract knows, or undefined for a foreign service's own code. */
export function knownErrorCode(
  code: string | undefined,
): (typeof ERROR_CODES)[ErrorCode] | undefined {
  return code !== undefined && Object.hasOwn(ERROR_CODES, code)
    ? ERROR_CODES[code as ErrorCode]
    : undefined;
}

/** The input fields of a link, named as on the wire. */
export type LinkField =
  | 'destination_url'
  | 'back_half'
  | 'title'
  | 'domain'
  | 'expires_at'
  | 'max_clicks'
  | 'expired_url'
  | 'password';

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
