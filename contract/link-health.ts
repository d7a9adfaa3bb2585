// What both programs read alike about a link's destination health (issue 35): its states, and the
// fields a service that checks destinations adds to a link.
import * as z from 'zod/mini';

/**
 * `ok`; `redirected` (with the final address); `broken` (a 404 or 410, or a 5xx twice in a row);
 * `unreachable` (with the reason); `unchecked` (not yet, or refused: a private address).
 */
export const DESTINATION_STATUSES = [
  'ok',
  'redirected',
  'broken',
  'unreachable',
  'unchecked',
] as const;
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export const isDestinationStatus = (value: string): value is DestinationStatus =>
  (DESTINATION_STATUSES as readonly string[]).includes(value);

/**
 * Why a destination is `unreachable` (dns, refused, timeout, tls, connection, too_many_redirects,
 * bad_redirect) or `unchecked` (private_address), or which kind of redirect led to it (permanent:
 * every one a 301 or 308; temporary); null where none applies.
 */
export const DESTINATION_REASONS = [
  'dns',
  'refused',
  'timeout',
  'tls',
  'connection',
  'too_many_redirects',
  'bad_redirect',
  'private_address',
  'permanent',
  'temporary',
] as const;
export type DestinationReason = (typeof DESTINATION_REASONS)[number];

/** The link fields of destination health, in every link answer of a service that checks. */
export const DestinationHealthJson = {
  destination_status: z.enum(DESTINATION_STATUSES),
  /** When it was last checked (`2026-11-28T04:00:00.000Z`), or null: never. */
  destination_checked_at: z.nullable(z.string()),
  /** The status code of the last answer (ok, redirected, broken), or null. */
  destination_status_code: z.nullable(z.number()),
  destination_reason: z.nullable(z.enum(DESTINATION_REASONS)),
  /** Where the redirects ended (redirected, and a broken page reached through redirects). */
  destination_final_url: z.nullable(z.string()),
  /** For `redirected`: whether every redirect was permanent (301 or 308); null otherwise. */
  destination_permanent: z.nullable(z.boolean()),
};

/** The answer of `POST /v1/links/{host}/{back_half}/check`: the link's destination as just found. */
export const DestinationCheckAnswerJson = z.object({
  success: z.literal(true),
  short_url: z.string(),
  destination_url: z.string(),
  ...DestinationHealthJson,
});
export type DestinationCheckAnswerJson = z.infer<typeof DestinationCheckAnswerJson>;
