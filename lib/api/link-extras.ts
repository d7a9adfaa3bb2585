// The fields a link answer may carry beyond the interface's own, each read leniently by the
// capability that owns it (when a link ends, its tags, its destination's health…). Both readers of
// a link (schemas.ts: the checked one and the list's fast one) take them from here, so that a new
// capability adds its fields in this one place. A page shows of them only what the account's
// service offers (service-offer.ts).
import * as z from 'zod/mini';
import { type DestinationHealth, readHealth } from './link-health.ts';
import { type LinkLifecycle, readLifecycle } from './link-lifecycle.ts';
import { type LinkProtection, readProtection } from './link-password.ts';
import { type LinkTag, readLinkTags } from './link-tags-wire.ts';

/** The extra fields as the checked reader lets them through, each read on its own afterwards. */
export const LINK_EXTRAS_WIRE = {
  expires_at: z.optional(z.unknown()),
  max_clicks: z.optional(z.unknown()),
  expired_url: z.optional(z.unknown()),
  destination_status: z.optional(z.unknown()),
  destination_checked_at: z.optional(z.unknown()),
  destination_status_code: z.optional(z.unknown()),
  destination_reason: z.optional(z.unknown()),
  destination_final_url: z.optional(z.unknown()),
  destination_permanent: z.optional(z.unknown()),
  password_protected: z.optional(z.unknown()),
  tags: z.optional(z.unknown()),
};

export type LinkExtras = LinkLifecycle &
  LinkProtection &
  DestinationHealth & { tags?: readonly LinkTag[] };

/** The extra fields of an answer's link row (snake_case); a field left out when unreadable. */
export function readLinkExtras(row: Record<string, unknown>): LinkExtras {
  // One object a row: the list reads 20,000 of them.
  const extras: LinkExtras = Object.assign(readLifecycle(row), readProtection(row));
  if (row.destination_status !== undefined) Object.assign(extras, readHealth(row));
  const tags = readLinkTags(row.tags);
  if (tags !== undefined) extras.tags = tags;
  return extras;
}
