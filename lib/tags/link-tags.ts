// A link's tags as a page may show them: only where the account's service offers `tags` (its
// published contract names them, service-offer.ts), since a service that merely answers `tags: []`
// may mean something else by it. The tags themselves are read from answers by
// lib/api/link-tags-wire.ts; here is what the Links page asks of them, cheap enough for every row
// of 20,000 on every keystroke.
import { tagKey } from '../../contract/tag-fields.ts';
import type { LinkTag } from '../api/link-tags-wire.ts';
import { NO_TAGS } from '../api/link-tags-wire.ts';
import type { Link } from '../api/schemas.ts';
import { offersLinkField, type ServiceOffer } from '../api/service-offer.ts';

export type { LinkTag } from '../api/link-tags-wire.ts';
export { NO_TAGS } from '../api/link-tags-wire.ts';

/** Whether the account's service offers tags on links. */
export const offersTags = (offer: ServiceOffer | undefined) => offersLinkField(offer, 'tags');

/** The tags a page shows for this link: none unless the service offers them. */
export function offeredTags(
  link: Pick<Link, 'tags'>,
  offer: ServiceOffer | undefined,
): readonly LinkTag[] {
  return link.tags && link.tags.length > 0 && offersTags(offer) ? link.tags : NO_TAGS;
}

/**
 * Each tag name's key (tag-fields.ts), worked out once. By name, not by tag object: the cached
 * list's rows each carry tag objects of their own (40,000 at 20,000 links), and a WeakMap entry
 * for each made the page's garbage collections long (ephemerons are marked one by one). Bounded,
 * as link-tags-wire.ts's tags: an account has at most 1,000 tags.
 */
const keys = new Map<string, string>();
const MAX_KEYS = 5_000;
export function keyOf(tag: LinkTag): string {
  let key = keys.get(tag.name);
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = tagKey(tag.name);
    keys.set(tag.name, key);
  }
  return key;
}

/** A tag as the loaded links carry it, with how many of them do. */
export type TagCount = { key: string; name: string; color: LinkTag['color']; links: number };

/** The tags of these links by name (case-insensitive, as the service compares them), most used first. */
export function tagsOfLinks(links: readonly Link[]): TagCount[] {
  const counts = new Map<string, TagCount>();
  for (const link of links) {
    const tags = link.tags;
    if (!tags) continue;
    for (const tag of tags) {
      const key = keyOf(tag);
      const counted = counts.get(key);
      if (counted) counted.links++;
      else counts.set(key, { key, name: tag.name, color: tag.color, links: 1 });
    }
  }
  return [...counts.values()].sort(
    (a, b) => b.links - a.links || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

/** Whether the link carries every one of the tags (by key). */
export function hasAllTags(link: Pick<Link, 'tags'>, wanted: ReadonlySet<string>): boolean {
  if (wanted.size === 0) return true;
  const tags = link.tags;
  if (!tags || tags.length < wanted.size) return false;
  let found = 0;
  for (const tag of tags) if (wanted.has(keyOf(tag))) found++;
  return found >= wanted.size;
}

/** The links carrying every one of the tags; all of them when none is chosen. */
export function withAllTags(links: readonly Link[], wanted: ReadonlySet<string>): readonly Link[] {
  return wanted.size === 0 ? links : links.filter((link) => hasAllTags(link, wanted));
}
