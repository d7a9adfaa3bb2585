// Whether a link has ended (issue 34): its expiry has passed, or it has been clicked as often as its
// click limit allows. The service decides for its redirects; the extension uses this to never offer
// an ended link as a page's link, and to say "Expired" in the list.
import type { LinkLifecycle } from '../api/link-lifecycle.ts';

export function hasEnded(
  { expiresAt, maxClicks }: LinkLifecycle,
  clicks: number,
  now: number,
): boolean {
  if (typeof expiresAt === 'string' && Date.parse(expiresAt) <= now) return true;
  return typeof maxClicks === 'number' && clicks >= maxClicks;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The expiry "Extend 7 days" sets: `days` after the link's expiry while that is still ahead, else
 * `days` from now (a link that never ended, or ended already, gets a week from the click).
 */
export function extendedExpiry({ expiresAt }: LinkLifecycle, now: number, days = 7): string {
  const current = typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  const from = Number.isNaN(current) || current <= now ? now : current;
  return new Date(from + days * DAY_MS).toISOString();
}
