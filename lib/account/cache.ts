// What the extension remembers of each account between openings: its custom domains (in
// browser.storage.local) and its links (in IndexedDB, see links-store.ts), so the popup and the
// options page draw at once and refresh behind. Each account's caches have keys of their own and
// name the connection they came from: a cache of another API or key is never shown.
import { defineExtensionStorage } from '@webext-core/storage';
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { Domain, Link } from '../api/schemas.ts';
import { SERVICE_OPERATIONS, type ServiceOffer } from '../api/service-offer.ts';
import { newestLinks } from '../links/link-order.ts';
import { type AccountRef, connectionTag } from '../settings/connection.ts';
import { SETTINGS_KEY } from '../settings/settings-key.ts';
import { removeClickRecord } from '../stats/click-record-store.ts';
import { announceLinksCacheChange } from './cache-changes.ts';
import {
  joinLinksJson,
  linksJsonParts,
  linksJsonPartsInTurns,
  parseLinks,
  parseLinksJsonPartsInTurns,
} from './links-json.ts';
import {
  readStoredFirstScreen,
  readStoredLinks,
  readStoredLinksVersion,
  readStoredLinksWithVersion,
  removeStoredLinks,
  type StoredLinks,
  updateStoredLinks,
  versionAsOf,
  writeStoredLinks,
} from './links-store.ts';

export { isCachedLinks } from './links-json.ts';

const CachedDomain = z.object({
  domain: z.string(),
  subdomain: z.string(),
  rootDomain: z.string(),
  createdAt: z.string(),
});

const DomainsCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  domains: z.array(CachedDomain),
});

/** A service's offer as stored: its sets as lists; an operation this version does not know is dropped. */
const OfferCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  create: z.array(z.string()),
  update: z.array(z.string()),
  answer: z.array(z.string()),
  operations: z.array(z.string()),
  qrScans: z.optional(z.boolean()),
});

/** The list's JSON whole (written by earlier versions), or in pieces (links-json.ts). */
const LinksCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  linksJson: z.optional(z.string()),
  parts: z.optional(z.array(z.string())),
});

/**
 * How many of the newest links the first screen holds: more rows than a tall window shows, with
 * the table's overscan. Read before the whole list (a few kilobytes against megabytes), they let
 * the options page draw its first rows while the rest is still being read and parsed.
 */
export const FIRST_SCREEN_LINKS = 60;

const FirstScreenCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  /** How many links the whole list has. */
  total: z.number(),
  linksJson: z.string(),
});

/** Each account's caches under keys of their own: removing an account removes exactly these. */
const domainsKey = (id: string) => `domainsCache:${id}`;
const offerKey = (id: string) => `serviceOfferCache:${id}`;
/** An account's tags (lib/tags/tags-cache.ts writes it), dropped with its other caches. */
export const tagsCacheKey = (id: string) => `tagsCache:${id}`;

const storage = defineExtensionStorage<Record<string, unknown>>(browser.storage.local);

export type Cached<T> = { value: T; fetchedAt: number };

/**
 * Whether the settings still hold the account, read raw (finding an id needs no schema). Settings
 * without a list of accounts (none yet, or from before several accounts) hold only the first one,
 * which is never removed.
 */
async function accountStillStored(id: string): Promise<boolean> {
  const { [SETTINGS_KEY]: stored } = await browser.storage.local.get(SETTINGS_KEY);
  const accounts = (stored as { accounts?: unknown } | undefined)?.accounts;
  if (!Array.isArray(accounts)) return true;
  return accounts.some((account) => (account as { id?: unknown } | null)?.id === id);
}

/**
 * Writes an account's cache, then takes it back if the account was removed meanwhile. A list
 * asked for before "Remove account" (in the background, in another tab) may be answered after the
 * removal dropped the caches; the removal forgets the account before it drops them, so a write
 * that lands after the drop sees the account gone here, and one before it is dropped with the rest.
 */
async function writeUnlessRemoved<T>(id: string, write: () => Promise<T>): Promise<T> {
  const written = await write();
  if (!(await accountStillStored(id))) await clearCaches(id);
  return written;
}

export async function readCachedDomains(
  account: AccountRef,
): Promise<Cached<Domain[]> | undefined> {
  const parsed = DomainsCache.safeParse(await storage.getItem(domainsKey(account.id)));
  if (!parsed.success || parsed.data.connection !== connectionTag(account)) return undefined;
  return { value: parsed.data.domains, fetchedAt: parsed.data.fetchedAt };
}

export async function writeCachedDomains(account: AccountRef, domains: Domain[]): Promise<void> {
  await writeUnlessRemoved(account.id, () =>
    storage.setItem(domainsKey(account.id), {
      connection: connectionTag(account),
      fetchedAt: Date.now(),
      domains,
    }),
  );
}

export async function readCachedOffer(
  account: AccountRef,
): Promise<Cached<ServiceOffer> | undefined> {
  const parsed = OfferCache.safeParse(await storage.getItem(offerKey(account.id)));
  if (!parsed.success || parsed.data.connection !== connectionTag(account)) return undefined;
  const { create, update, answer, operations, qrScans, fetchedAt } = parsed.data;
  const known = (name: string): name is keyof typeof SERVICE_OPERATIONS =>
    Object.hasOwn(SERVICE_OPERATIONS, name);
  const value: ServiceOffer = {
    linkFields: { create: new Set(create), update: new Set(update), answer: new Set(answer) },
    operations: new Set(operations.filter(known)),
    qrScans: qrScans === true,
  };
  return { value, fetchedAt };
}

export async function writeCachedOffer(account: AccountRef, offer: ServiceOffer): Promise<void> {
  const { create, update, answer } = offer.linkFields;
  await writeUnlessRemoved(account.id, () =>
    storage.setItem(offerKey(account.id), {
      connection: connectionTag(account),
      fetchedAt: Date.now(),
      create: [...create],
      update: [...update],
      answer: [...answer],
      operations: [...offer.operations],
      qrScans: offer.qrScans === true,
    }),
  );
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
  const json = envelope?.parts ? joinLinksJson(envelope.parts) : envelope?.linksJson;
  const links = json === undefined ? undefined : parseLinks(json);
  return envelope && links && { value: links, fetchedAt: envelope.fetchedAt };
}

/** When this account's links were fetched, without parsing the list (megabytes at 20,000). */
export async function cachedLinksFetchedAt(account: AccountRef): Promise<number | undefined> {
  return envelopeOf(await readStoredLinks(account.id), account)?.fetchedAt;
}

export async function readCachedLinks(account: AccountRef): Promise<Cached<Link[]> | undefined> {
  return linksOf(await readStoredLinks(account.id), account);
}

/**
 * A version of the cached links as one page wrote them: a new value at every write, whichever
 * page made it (links-store.ts). `links` is undefined when the stored list is not this
 * connection's, or damaged.
 */
export type CachedVersion = { version: string; links: Link[] | undefined; fetchedAt?: number };

/** The version of this account's cached links, without reading the list: one small read. */
export const cachedLinksVersion = (account: AccountRef): Promise<string | undefined> =>
  readStoredLinksVersion(account.id);

/**
 * This account's cached links with their version, read together; the version is undefined when
 * the stored list carries none (written by an older version of the extension, or by a test).
 */
export async function readCachedLinksVersion(
  account: AccountRef,
): Promise<Omit<CachedVersion, 'version'> & { version: string | undefined }> {
  const { stored, version } = await readStoredLinksWithVersion(account.id);
  const envelope = envelopeOf(stored, account);
  // The pieces parsed one a turn: the page opening on this list answers meanwhile.
  const links = envelope?.parts
    ? await parseLinksJsonPartsInTurns(envelope.parts)
    : linksOf(stored, account)?.value;
  return { version, links, fetchedAt: links && envelope?.fetchedAt };
}

/** The newest links of the cache, newest first, and how many the whole list has. */
export type FirstScreen = Cached<Link[]> & { total: number };

export async function readCachedFirstScreen(account: AccountRef): Promise<FirstScreen | undefined> {
  const parsed = FirstScreenCache.safeParse(await readStoredFirstScreen(account.id));
  if (!parsed.success || parsed.data.connection !== connectionTag(account)) return undefined;
  const links = parseLinks(parsed.data.linksJson);
  return links && { value: links, fetchedAt: parsed.data.fetchedAt, total: parsed.data.total };
}

const storedLinks = (
  account: AccountRef,
  links: Link[],
  fetchedAt: number,
  parts = linksJsonParts(links),
): StoredLinks => {
  const connection = connectionTag(account);
  return {
    all: { connection, fetchedAt, parts },
    firstScreen: {
      connection,
      fetchedAt,
      total: links.length,
      linksJson: JSON.stringify(newestLinks(links, FIRST_SCREEN_LINKS)),
    },
  };
};

const WRITE_ATTEMPTS = 3;

/** A list read from the service: when it was asked for, and which stored versions it may replace. */
export type ListedAt = {
  askedAt: number;
  /** Versions written by the one that asked: its changes are in `links()` already. */
  replaces: (version: string) => boolean;
};

/**
 * Stores the account's links (`links()`, asked again after a change made while they were being
 * serialised, which the write must not undo); answers the version written, with them. A list
 * `listed` from the service is not stored over a change another page stored after it was asked
 * for (an edit in a second options tab): answers undefined, and the cache keeps the newer.
 */
export async function writeCachedLinks(
  account: AccountRef,
  links: Link[] | (() => Link[]),
  fetchedAt = Date.now(),
  listed?: ListedAt,
): Promise<CachedVersion | undefined> {
  const listOf = typeof links === 'function' ? links : () => links;
  for (let attempt = 1; ; attempt++) {
    const before = await readStoredLinksVersion(account.id);
    const newer =
      before !== undefined && (versionAsOf(before) ?? 0) > (listed?.askedAt ?? Infinity);
    if (newer && !listed?.replaces(before)) return undefined;
    // Changes without end meanwhile (a bulk import in another page): the last attempt writes.
    const condition = attempt < WRITE_ATTEMPTS ? { ifVersion: before } : {};
    const written = await storeLinksInTurns(account, listOf(), fetchedAt, {
      ...condition,
      asOf: listed?.askedAt ?? fetchedAt,
    });
    if (written) return written;
  }
}

/** Stores `links` (pieces made a few a turn), tells other pages; `ifVersion`: only over it. */
export async function storeLinksInTurns(
  account: AccountRef,
  links: Link[],
  fetchedAt: number,
  write: { ifVersion?: string | undefined; asOf?: number },
): Promise<CachedVersion | undefined> {
  const parts = await linksJsonPartsInTurns(links);
  const version = await writeUnlessRemoved(account.id, () =>
    writeStoredLinks(account.id, storedLinks(account, links, fetchedAt, parts), write),
  );
  if (version === undefined) return undefined;
  await announceLinksCacheChange(account.id);
  return { version, links, fetchedAt };
}

/**
 * Applies a change made through the API to the cached links, when there is a cache to change, in
 * one transaction: the popup and the background changing it at once do not undo each other.
 */
export async function changeCachedLinks(
  account: AccountRef,
  change: (links: Link[]) => Link[],
): Promise<CachedVersion | undefined> {
  let changed: Cached<Link[]> | undefined;
  const version = await updateStoredLinks(account.id, (stored) => {
    const cached = linksOf(stored, account);
    if (!cached) return undefined;
    changed = { value: change(cached.value), fetchedAt: cached.fetchedAt };
    return storedLinks(account, changed.value, changed.fetchedAt);
  });
  if (version === undefined || changed === undefined) return undefined;
  await announceLinksCacheChange(account.id);
  return { version, links: changed.value, fetchedAt: changed.fetchedAt };
}

/**
 * Drops an account's cached links, domains, offer and tags (another key or API, or the account removed).
 */
export async function clearCaches(id: string): Promise<void> {
  await Promise.all([
    storage.removeItem(domainsKey(id)),
    storage.removeItem(offerKey(id)),
    storage.removeItem(tagsCacheKey(id)),
    removeStoredLinks(id),
    removeClickRecord(id),
  ]);
}

/**
 * Moves the caches of earlier versions where this one reads them, so an update does not cost a
 * fresh download of every link: the one links and domains cache from before several accounts goes
 * to the first account, and links caches kept in browser.storage.local (`linksCache:<id>`) go to
 * IndexedDB.
 */
export async function migrateLegacyCaches(firstId: string): Promise<void> {
  const everything = await browser.storage.local.get(null);
  for (const [key, value] of Object.entries(everything)) {
    const id = key === 'linksCache' ? firstId : /^linksCache:(.+)$/.exec(key)?.[1];
    if (id === undefined) continue;
    await writeStoredLinks(id, { all: value });
    await storage.removeItem(key);
  }
  const domains = everything.domainsCache;
  if (domains !== undefined) {
    await storage.setItem(domainsKey(firstId), domains);
    await storage.removeItem('domainsCache');
  }
}
