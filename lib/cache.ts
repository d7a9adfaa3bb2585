// What the extension remembers of the account between openings: its custom domains and its links,
// so the popup and the options page draw at once and refresh behind. Each cache names the
// connection it came from; a cache of another API or key is never shown.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { type Connection, connectionTag } from './connection.ts';
import type { Domain, Link } from './schemas.ts';

const CachedDomain = z.object({
  domain: z.string(),
  subdomain: z.string(),
  rootDomain: z.string(),
  createdAt: z.string(),
});

const CachedLink = z.object({
  shortUrl: z.string(),
  destinationUrl: z.string(),
  clicks: z.number(),
  createdAt: z.string(),
  title: z.string(),
});

const DomainsCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  domains: z.array(CachedDomain),
});

const LinksCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  links: z.array(CachedLink),
});

type CacheSchema = { domainsCache: unknown; linksCache: unknown };
const storage = defineExtensionStorage<CacheSchema>(browser.storage.local);

export type Cached<T> = { value: T; fetchedAt: number };

export async function readCachedDomains(
  connection: Connection,
): Promise<Cached<Domain[]> | undefined> {
  const parsed = DomainsCache.safeParse(await storage.getItem('domainsCache'));
  if (!parsed.success || parsed.data.connection !== connectionTag(connection)) return undefined;
  return { value: parsed.data.domains, fetchedAt: parsed.data.fetchedAt };
}

export async function writeCachedDomains(connection: Connection, domains: Domain[]): Promise<void> {
  await storage.setItem('domainsCache', {
    connection: connectionTag(connection),
    fetchedAt: Date.now(),
    domains,
  });
}

export async function readCachedLinks(connection: Connection): Promise<Cached<Link[]> | undefined> {
  const parsed = LinksCache.safeParse(await storage.getItem('linksCache'));
  if (!parsed.success || parsed.data.connection !== connectionTag(connection)) return undefined;
  return { value: parsed.data.links, fetchedAt: parsed.data.fetchedAt };
}

export async function writeCachedLinks(connection: Connection, links: Link[]): Promise<void> {
  await storage.setItem('linksCache', {
    connection: connectionTag(connection),
    fetchedAt: Date.now(),
    links,
  });
}

/** Calls `onChange` with the cached links of this connection whenever another page rewrites them. */
export function watchCachedLinks(
  connection: Connection,
  onChange: (links: Link[]) => void,
): () => void {
  return storage.onChange('linksCache', (stored) => {
    const parsed = LinksCache.safeParse(stored);
    if (parsed.success && parsed.data.connection === connectionTag(connection)) {
      onChange(parsed.data.links);
    }
  });
}

/** Applies a change made through the API to the cached links, when there is a cache to change. */
export async function changeCachedLinks(
  connection: Connection,
  change: (links: Link[]) => Link[],
): Promise<void> {
  const parsed = LinksCache.safeParse(await storage.getItem('linksCache'));
  if (!parsed.success || parsed.data.connection !== connectionTag(connection)) return;
  await storage.setItem('linksCache', { ...parsed.data, links: change(parsed.data.links) });
}

export async function clearCaches(): Promise<void> {
  await Promise.all([storage.removeItem('domainsCache'), storage.removeItem('linksCache')]);
}
