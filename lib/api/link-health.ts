// A link's destination health (issue 35): `destination_status` and the fields beside it, read
// leniently from any answer. A page shows them only where the account's service contract names
// `destination_status` (offeredHealth): another service may mean something else by the names.
// It lives beside link-lifecycle.ts because both link readers (lib/api/schemas.ts) take it through
// link-extras.ts, and lib/api imports no room above it; lib/health/ holds the rest.
import {
  DESTINATION_REASONS,
  type DestinationReason,
  type DestinationStatus,
  isDestinationStatus,
} from '../../contract/link-health.ts';
import { offersLinkField, type ServiceOffer } from './service-offer.ts';
import { normalizeTimestamp } from './timestamp.ts';

/** A link's destination as last checked: left out when the answer does not say. */
export type DestinationHealth = {
  destinationStatus?: DestinationStatus;
  /** When it was last checked, as `toISOString()` writes it; null: never. */
  destinationCheckedAt?: string | null;
  /** The status code of the last answer; null: none (unreachable, unchecked). */
  destinationStatusCode?: number | null;
  destinationReason?: DestinationReason | null;
  /** Where the redirects ended. */
  destinationFinalUrl?: string | null;
  /** For a redirect: whether every one was permanent (301 or 308). */
  destinationPermanent?: boolean | null;
};

const isReason = (value: unknown): value is DestinationReason =>
  (DESTINATION_REASONS as readonly unknown[]).includes(value);

const httpAddress = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
};

const NONE: DestinationHealth = Object.freeze({});

/**
 * The health fields of an answer's link row (snake_case). An answer without a readable
 * `destination_status` has none: the list reads 20,000 rows, most of them from such services.
 */
export function readHealth(row: Record<string, unknown>): DestinationHealth {
  const status = row.destination_status;
  if (typeof status !== 'string' || !isDestinationStatus(status)) return NONE;
  const health: DestinationHealth = { destinationStatus: status };
  const checkedAt = row.destination_checked_at;
  if (typeof checkedAt === 'string' && normalizeTimestamp(checkedAt) !== '') {
    health.destinationCheckedAt = normalizeTimestamp(checkedAt);
  } else health.destinationCheckedAt = null;
  const code = row.destination_status_code;
  health.destinationStatusCode =
    typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 599 ? code : null;
  health.destinationReason = isReason(row.destination_reason) ? row.destination_reason : null;
  health.destinationFinalUrl = httpAddress(row.destination_final_url)
    ? row.destination_final_url
    : null;
  const permanent = row.destination_permanent;
  health.destinationPermanent = typeof permanent === 'boolean' ? permanent : null;
  return health;
}

/** Whether the account's service checks destinations: its contract names the state. */
export const offersHealth = (offer: ServiceOffer | undefined) =>
  offersLinkField(offer, 'destination_status');

/** What a page may show of a link's destination: nothing where the service does not offer it. */
export function offeredHealth(link: DestinationHealth, offer: ServiceOffer | undefined) {
  return offersHealth(offer) ? link : NONE;
}

/**
 * Whether a reader following the link reaches nothing: `broken` (a 404 or 410, or a 5xx twice)
 * and `unreachable` (DNS, refused, timeout, TLS) alike.
 */
export const leadsNowhere = (health: DestinationHealth) =>
  health.destinationStatus === 'broken' || health.destinationStatus === 'unreachable';

/** The link without the health fields, when the account's service does not offer them. */
export function withOfferedHealth<T extends DestinationHealth>(
  link: T,
  offer: ServiceOffer | undefined,
): T {
  if (link.destinationStatus === undefined || offersHealth(offer)) return link;
  const {
    destinationStatus: _status,
    destinationCheckedAt: _checkedAt,
    destinationStatusCode: _code,
    destinationReason: _reason,
    destinationFinalUrl: _finalUrl,
    destinationPermanent: _permanent,
    ...rest
  } = link;
  return rest as T;
}

/** The health fields of a link (to carry over from a saved link or a check's answer). */
export function pickHealth(link: DestinationHealth): DestinationHealth {
  if (link.destinationStatus === undefined) return NONE;
  const {
    destinationStatus,
    destinationCheckedAt,
    destinationStatusCode,
    destinationReason,
    destinationFinalUrl,
    destinationPermanent,
  } = link;
  return {
    destinationStatus,
    destinationCheckedAt,
    destinationStatusCode,
    destinationReason,
    destinationFinalUrl,
    destinationPermanent,
  };
}
