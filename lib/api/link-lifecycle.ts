// When a link ends (issue 34): `expires_at`, `max_clicks` and `expired_url`, read leniently from any
// answer and sent only to a service whose contract names them (service-offer.ts). A link answer
// carries what it says; what a page may show of it is only what the account's service offers
// (offeredLifecycle), since a service without our contract may mean something else by the names.
import * as z from 'zod/mini';
import { ExpiredUrl, ExpiresAt, MaxClicks } from '../../contract/wire.ts';
import { PASSWORD_FIELD, type PasswordChange, PasswordInput } from './link-password.ts';
import { offersLinkField, type ServiceOffer } from './service-offer.ts';
import { normalizeTimestamp } from './timestamp.ts';

/** The lifecycle fields as the wire names them. */
export const LIFECYCLE_FIELDS = ['expires_at', 'max_clicks', 'expired_url'] as const;
export type LifecycleField = (typeof LIFECYCLE_FIELDS)[number];

/** A link's end as read: a field left out when the answer lacks it or holds no readable value. */
export type LinkLifecycle = {
  /** When it ends, as `toISOString()` writes it; null: never. */
  expiresAt?: string | null;
  /** How many clicks it leads to its destination for; null: no limit. */
  maxClicks?: number | null;
  /** Where it leads once ended; null: the service's page "This link has expired". */
  expiredUrl?: string | null;
};

const FIELD_OF: Record<LifecycleField, keyof LinkLifecycle> = {
  expires_at: 'expiresAt',
  max_clicks: 'maxClicks',
  expired_url: 'expiredUrl',
};

const httpAddress = (text: string) => {
  const url = URL.parse(text);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
};

/** The lifecycle fields of an answer's link row (snake_case), each read on its own. */
export function readLifecycle(row: Record<string, unknown>): LinkLifecycle {
  const lifecycle: LinkLifecycle = {};
  const { expires_at, max_clicks, expired_url } = row;
  if (expires_at === null) lifecycle.expiresAt = null;
  else if (typeof expires_at === 'string' && normalizeTimestamp(expires_at) !== '') {
    lifecycle.expiresAt = normalizeTimestamp(expires_at);
  }
  const clicks = typeof max_clicks === 'string' ? Number(max_clicks) : max_clicks;
  if (max_clicks === null) lifecycle.maxClicks = null;
  else if (typeof clicks === 'number' && Number.isSafeInteger(clicks) && clicks >= 1) {
    lifecycle.maxClicks = clicks;
  }
  if (expired_url === null) lifecycle.expiredUrl = null;
  else if (typeof expired_url === 'string' && httpAddress(expired_url)) {
    lifecycle.expiredUrl = expired_url;
  }
  return lifecycle;
}

/** What a page may show of a link's end: only the fields the account's service offers. */
export function offeredLifecycle(link: LinkLifecycle, offer: ServiceOffer | undefined) {
  const shown: LinkLifecycle = {};
  for (const field of LIFECYCLE_FIELDS) {
    const name = FIELD_OF[field];
    if (link[name] !== undefined && offersLinkField(offer, field)) {
      Object.assign(shown, { [name]: link[name] });
    }
  }
  return shown;
}

/** The lifecycle fields a create or update takes, checked as the service checks them. */
export const LifecycleInput = {
  expiresAt: z.optional(ExpiresAt),
  maxClicks: z.optional(MaxClicks),
  expiredUrl: z.optional(ExpiredUrl),
  ...PasswordInput,
};

/** What a create or update may set of a link's end: the lifecycle fields and the password. */
export type LifecycleChange = LinkLifecycle & PasswordChange;

/** The wire fields of what is given; null is sent (it clears), undefined is not. */
export function lifecycleBody(input: LifecycleChange): Partial<Record<string, unknown>> {
  const body: Partial<Record<string, unknown>> = {};
  for (const field of LIFECYCLE_FIELDS) {
    const value = input[FIELD_OF[field]];
    if (value !== undefined) body[field] = value;
  }
  if (input.password !== undefined) body[PASSWORD_FIELD] = input.password;
  return body;
}

/**
 * The input without the lifecycle fields the service does not take (`accepted`: its contract's
 * create or update body): a service that does not name them never receives them.
 */
export function withoutUnoffered<T extends LifecycleChange>(
  input: T,
  accepted: ReadonlySet<string>,
) {
  const kept = { ...input };
  for (const field of LIFECYCLE_FIELDS) {
    if (!accepted.has(field)) delete kept[FIELD_OF[field]];
  }
  if (!accepted.has(PASSWORD_FIELD)) delete kept.password;
  return kept;
}

/** Whether the input sets or clears any lifecycle field or the password. */
export const hasLifecycle = (input: LifecycleChange) =>
  input.password !== undefined ||
  LIFECYCLE_FIELDS.some((field) => input[FIELD_OF[field]] !== undefined);
