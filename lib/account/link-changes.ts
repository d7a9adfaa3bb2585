// The changes the account applies to a list of links, on screen and in the cache alike.
import type { Link } from '../api/schemas.ts';

export function replaceLink(links: readonly Link[], shortUrl: string, next: Link): Link[] {
  return links.map((link) => (link.shortUrl === shortUrl ? next : link));
}

export function removeLinks(links: readonly Link[], shortUrls: ReadonlySet<string>): Link[] {
  return links.filter((link) => !shortUrls.has(link.shortUrl));
}

/** A new link goes first; the service may have answered with one the list already holds. */
export function addLink(links: readonly Link[], added: Link): Link[] {
  return [added, ...links.filter((link) => link.shortUrl !== added.shortUrl)];
}

/**
 * Puts removed links back where they were in `before`, for a rollback after a failed delete.
 * Links that arrived since (made in another page meanwhile) stay, first.
 */
export function restoreLinks(
  current: readonly Link[],
  before: readonly Link[],
  restored: ReadonlySet<string>,
): Link[] {
  const now = new Map(current.map((link) => [link.shortUrl, link]));
  const wasThere = new Set(before.map((link) => link.shortUrl));
  const arrived = current.filter((link) => !wasThere.has(link.shortUrl));
  const back = before
    .filter((link) => now.has(link.shortUrl) || restored.has(link.shortUrl))
    .map((link) => now.get(link.shortUrl) ?? link);
  return [...arrived, ...back];
}
