// What the extension remembers of each account between openings: its custom domains and its
// links, so the popup and the options page draw at once and refresh behind. Each account's caches
// have keys of their own and name the connection they came from: a cache of another API or key is
// never shown.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { Domain, Link } from '../api/schemas.ts';
import { type AccountRef, connectionTag } from './connection.ts';

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

/** Each account's caches under keys of their own: removing an account removes exactly these. */
const linksKey = (id: string) => `linksCache:${id}`;
const domainsKey = (id: string) => `domainsCache:${id}`;

const storage = defineExtensionStorage<Record<string, unknown>>(browser.storage.local);

export type Cached<T> = { value: T; fetchedAt: number };

export async function readCachedDomains(
  account: AccountRef,
): Promise<Cached<Domain[]> | undefined> {
  const parsed = DomainsCache.safeParse(await storage.getItem(domainsKey(account.id)));
  if (!parsed.success || parsed.data.connection !== connectionTag(account)) return undefined;
  return { value: parsed.data.domains, fetchedAt: parsed.data.fetchedAt };
}

export async function writeCachedDomains(account: AccountRef, domains: Domain[]): Promise<void> {
  await storage.setItem(domainsKey(account.id), {
    connection: connectionTag(account),
    fetchedAt: Date.now(),
    domains,
  });
}

/** The stored links cache when it belongs to this connection, its list still unparsed. */
function envelopeOf(stored: unknown, account: AccountRef) {
  const parsed = LinksCache.safeParse(stored);
  return parsed.success && parsed.data.connection === connectionTag(account)
    ? parsed.data
    : undefined;
}

function linksOf(stored: unknown, account: AccountRef): Cached<Link[]> | undefined {
  const envelope = envelopeOf(stored, account);
  const links = envelope && parseLinks(envelope.linksJson);
  return links && { value: links, fetchedAt: envelope.fetchedAt };
}

/** When this account's links were fetched, without parsing the list (megabytes at 20,000). */
export async function cachedLinksFetchedAt(account: AccountRef): Promise<number | undefined> {
  return envelopeOf(await storage.getItem(linksKey(account.id)), account)?.fetchedAt;
}

export async function readCachedLinks(account: AccountRef): Promise<Cached<Link[]> | undefined> {
  return linksOf(await storage.getItem(linksKey(account.id)), account);
}

/**
 * Starts reading an account's links cache now, before the page knows which account it shows (the
 * options page calls it before React mounts, for the default account); the answer is given for an
 * account once it is known, and read afresh for another.
 */
export function prefetchCachedLinks(
  id: Promise<string>,
): (account: AccountRef) => Promise<Cached<Link[]> | undefined> {
  const stored = id.then((first) => ({ id: first, value: storage.getItem(linksKey(first)) }));
  return async (account) => {
    const prefetched = await stored;
    if (prefetched.id !== account.id) return readCachedLinks(account);
    return linksOf(await prefetched.value, account);
  };
}

export async function writeCachedLinks(
  account: AccountRef,
  links: Link[],
  fetchedAt = Date.now(),
): Promise<void> {
  await storage.setItem(linksKey(account.id), {
    connection: connectionTag(account),
    fetchedAt,
    linksJson: JSON.stringify(links),
  });
}

/** The change of each account's cached links under way in this page, for the next to wait on. */
const changesUnderWay = new Map<string, Promise<void>>();

/**
 * Applies a change made through the API to the cached links, when there is a cache to change. The
 * changes of one page are made one after the other: two creates at once ("Shorten all tabs") would
 * otherwise each read the list without the other's link and the last write would drop one.
 */
export function changeCachedLinks(
  account: AccountRef,
  change: (links: Link[]) => Link[],
): Promise<void> {
  const key = linksKey(account.id);
  const changed = (changesUnderWay.get(key) ?? Promise.resolve()).then(async () => {
    const cached = await readCachedLinks(account);
    if (cached) await writeCachedLinks(account, change(cached.value), cached.fetchedAt);
  });
  const settled = changed.catch(() => {});
  changesUnderWay.set(key, settled);
  void settled.then(() => {
    if (changesUnderWay.get(key) === settled) changesUnderWay.delete(key);
  });
  return changed;
}

/** Drops an account's cached links and domains (another key or API, or the account removed). */
export async function clearCaches(id: string): Promise<void> {
  await Promise.all([storage.removeItem(domainsKey(id)), storage.removeItem(linksKey(id))]);
}

/**
 * Moves the one links and domains cache of an install from before several accounts to the first
 * account's keys, so an update does not cost a fresh download of every link.
 */
export async function migrateLegacyCaches(firstId: string): Promise<void> {
  const [links, domains] = await Promise.all([
    storage.getItem('linksCache'),
    storage.getItem('domainsCache'),
  ]);
  if (links !== null) await storage.setItem(linksKey(firstId), links);
  if (domains !== null) await storage.setItem(domainsKey(firstId), domains);
  await Promise.all([storage.removeItem('linksCache'), storage.removeItem('domainsCache')]);
}
