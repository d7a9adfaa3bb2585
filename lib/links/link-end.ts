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
