// What the extension remembers of the account between openings: its custom domains and its links,
// so the popup and the options page draw at once and refresh behind. Each cache names the
// connection it came from; a cache of another API or key is never shown.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { Domain, Link } from '../api/schemas.ts';
import { type Connection, connectionTag } from './connection.ts';

const CachedDomain = z.object({
  domain: z.string(),
  subdomain: z.string(),
  rootDomain: z.string(),
  createdAt: z.string(),
});

/**
 * The cached links are kept as one JSON string: at 20,000 links the browser stores and loads a
 * string in a fifth of the time it takes for as many objects (measured: 40 vs 180 ms to load), and
 * storing objects blocks the page while they are copied. They are checked with a plain loop rather
 * than a schema for the same reason: the cache is our own writing, the check only refuses an old
 * or damaged one.
 */
export function isCachedLinks(value: unknown): value is Link[] {
  if (!Array.isArray(value)) return false;
  for (const link of value) {
    if (
      typeof link !== 'object' ||
      link === null ||
      typeof link.shortUrl !== 'string' ||
      typeof link.destinationUrl !== 'string' ||
      typeof link.clicks !== 'number' ||
      typeof link.createdAt !== 'string' ||
      typeof link.title !== 'string'
    ) {
      return false;
    }
  }
  return true;
}

function parseLinks(json: string): Link[] | undefined {
  try {
    const links: unknown = JSON.parse(json);
    return isCachedLinks(links) ? links : undefined;
  } catch {
    return undefined;
  }
}

const DomainsCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  domains: z.array(CachedDomain),
});

const LinksCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  linksJson: z.string(),
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

/** The stored links cache when it belongs to this connection, its list still unparsed. */
function envelopeOf(stored: unknown, connection: Connection) {
  const parsed = LinksCache.safeParse(stored);
  return parsed.success && parsed.data.connection === connectionTag(connection)
    ? parsed.data
    : undefined;
}

function linksOf(stored: unknown, connection: Connection): Cached<Link[]> | undefined {
  const envelope = envelopeOf(stored, connection);
  const links = envelope && parseLinks(envelope.linksJson);
  return links && { value: links, fetchedAt: envelope.fetchedAt };
}

/** When this connection's links were fetched, without parsing the list (megabytes at 20,000). */
export async function cachedLinksFetchedAt(connection: Connection): Promise<number | undefined> {
  return envelopeOf(await storage.getItem('linksCache'), connection)?.fetchedAt;
}

export async function readCachedLinks(connection: Connection): Promise<Cached<Link[]> | undefined> {
  return linksOf(await storage.getItem('linksCache'), connection);
}

/**
 * Starts reading the links cache now, before the connection is known (the options page calls it
 * before React mounts); the answer is given for a connection once it is.
 */
export function prefetchCachedLinks(): (
  connection: Connection,
) => Promise<Cached<Link[]> | undefined> {
  const stored = storage.getItem('linksCache');
  return async (connection) => linksOf(await stored, connection);
}

export async function writeCachedLinks(
  connection: Connection,
  links: Link[],
  fetchedAt = Date.now(),
): Promise<void> {
  await storage.setItem('linksCache', {
    connection: connectionTag(connection),
    fetchedAt,
    linksJson: JSON.stringify(links),
  });
}

/** Applies a change made through the API to the cached links, when there is a cache to change. */
export async function changeCachedLinks(
  connection: Connection,
  change: (links: Link[]) => Link[],
): Promise<void> {
  const cached = await readCachedLinks(connection);
  if (cached) await writeCachedLinks(connection, change(cached.value), cached.fetchedAt);
}

export async function clearCaches(): Promise<void> {
  await Promise.all([storage.removeItem('domainsCache'), storage.removeItem('linksCache')]);
}
