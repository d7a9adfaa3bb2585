// How the Links section shows a destination's health: a row's badge and the "Broken" filter.
import type { DestinationHealth } from '../../../../lib/api/link-health.ts';
import { t } from '../../../../lib/i18n/t.ts';

/**
 * Whether a reader following the link reaches nothing: `broken` (a 404 or 410, or a 5xx twice)
 * and `unreachable` (DNS, refused, timeout, TLS) alike, so the "Broken" filter finds both.
 */
export const leadsNowhere = (health: DestinationHealth) =>
  health.destinationStatus === 'broken' || health.destinationStatus === 'unreachable';

let words: { broken: string; unreachable: string; redirected: string };
/** Read once: a search draws every row again. */
const badgeWords = () =>
  (words ??= {
    broken: t('linkHealthBroken'),
    unreachable: t('linkHealthUnreachable'),
    redirected: t('linkHealthRedirected'),
  });

/** A row's badge: "Broken", "Unreachable" or "Redirected"; none for a destination that answers. */
export function healthBadge(
  health: DestinationHealth,
): { text: string; state: 'broken' | 'unreachable' | 'redirected' } | undefined {
  const state = health.destinationStatus;
  if (state === 'broken' || state === 'unreachable' || state === 'redirected') {
    return { text: badgeWords()[state], state };
  }
  return undefined;
}
