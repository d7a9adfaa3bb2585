// The service's storage, as the API, the redirects and the command line see it: one interface,
// whatever engine is behind it. Every operation returns a Promise, so an engine that talks to a
// server over the network fits it as well as SQLite in this process.

import type { DestinationStatus } from '../../contract/link-health.ts';
import type { AccountStatsStorage } from './account-stats.ts';
import type { StatCount, StoredStats } from './click-stats.ts';
import type { DestinationHealth, HealthStorage } from './destination-health.ts';
import type { TagName, TagStorage } from './tag-storage.ts';
import type { VisitorBatch } from './visitor-marks.ts';

export type {
  BulkEdit,
  BulkResult,
  CountedTag,
  LinkKey,
  TagName,
  TagRow,
  TagStorage,
} from './tag-storage.ts';
export { TagLimitReached } from './tag-storage.ts';

/** The empty string is the default short domain; a custom domain is its lower-case host. */
export type DomainKey = string;
export const DEFAULT_DOMAIN: DomainKey = '';

export type Plan = 'paid' | 'free';

export type KeyOwner = { accountId: number; plan: Plan; keyHash: string };

/** When a link ends (null: never) and where it leads after (null: the page "This link has expired"). */
export type LinkEnd = {
  /** Milliseconds since 1970 (UTC). */
  expiresAt: number | null;
  maxClicks: number | null;
  expiredUrl: string | null;
};

/**
 * A link's password as stored: scrypt's self-describing string (shared/password-hash.ts), never
 * the password; null for none. No answer carries it, only `password_protected`.
 */
export type LinkPassword = { passwordHash: string | null };

/**
 * Which of an account's links a list holds: those whose destination is in this state, and those
 * that carry every one of these tags (their keys).
 */
export type LinkFilter = { destinationStatus?: DestinationStatus; tagKeys?: readonly string[] };

export type LinkRow = LinkEnd &
  LinkPassword &
  DestinationHealth & {
    id: number;
    domain: DomainKey;
    backHalf: string;
    destinationUrl: string;
    title: string;
    clicks: number;
    /** Visits after the link ended: counted apart from its clicks. */
    expiredVisits: number;
    createdAt: number;
    /**
     * The last click batch of this process (see addClicks) that `clicks` includes, on engines that
     * cannot always tell whether a failed write was committed; absent where a failed write is known
     * to have changed nothing.
     */
    storedBatch?: number;
    /**
     * The link's tags as JSON text, `[{"id", "name", "color"}]` ordered by name, as the database
     * writes it (a list of 20,000 links passes it on unparsed); every read of a link has it.
     */
    tagsJson?: string;
  };

/**
 * A link to store; without an end, it never ends; without a password hash, it has none; its tags
 * are made when the account lacks them.
 */
export type NewLink = Omit<
  LinkRow,
  | 'id'
  | 'clicks'
  | 'expiredVisits'
  | 'storedBatch'
  | 'tagsJson'
  | keyof LinkEnd
  | keyof LinkPassword
  | keyof DestinationHealth
> &
  Partial<LinkEnd & LinkPassword> & { tags?: readonly TagName[] };

/**
 * What an update changes: each field given is set (null clears an end or the password), the
 * others kept; `tags` is the link's whole set (made when missing).
 */
export type LinkChanges = Partial<LinkEnd & LinkPassword> & {
  destinationUrl?: string;
  title?: string;
  tags?: readonly TagName[];
};

export type DomainRow = { host: string; createdAt: number };

/**
 * Where a custom domain sends a visitor its links do not serve: an unknown back-half
 * (`notFoundUrl`) and the bare domain (`rootUrl`); null keeps the service's own page.
 */
export type DomainFallbacks = { notFoundUrl: string | null; rootUrl: string | null };

/** A custom domain as the operator sees it: its account and its fallbacks. */
export type DomainSettingsRow = DomainRow & DomainFallbacks & { email: string };

/**
 * Which links have ended for `links delete-expired`: an expiry at or before `expiredBy`, and when
 * `clickLimitReached`, a click limit its stored clicks have reached.
 */
export type EndedLinks = { expiredBy: number; clickLimitReached: boolean };

/** What a redirect needs; `clicks` as stored, for a link with a click limit. */
export type RedirectTarget = LinkEnd &
  LinkPassword & { id: number; destinationUrl: string; clicks: number };

// The click statistics' stored shapes live in click-stats.ts; the storage's users read them here.
export {
  DAILY_FACETS_SQL,
  HOUR_FACETS,
  HOURLY_FACETS_SQL,
  HOURS_KEPT_DAYS,
  type HourFacet,
  hoursToPrune,
  OTHER_NAME,
  REFERRER_GROUPS,
  REFERRERS_KEPT,
  type StatCount,
  type StatFacet,
  type StoredStats,
} from './click-stats.ts';
export type { Visit, VisitorBatch } from './visitor-marks.ts';

/** A back-half, an email or a domain host that is already taken. */
export class UniqueViolation extends Error {
  override name = 'UniqueViolation';
}

/**
 * The database cannot be read or written now, for a reason that passes (another process holds the
 * write lock, the disk is full or read-only, the server is away): nothing was changed; try again
 * later. `reason` is the engine's own words, for the log.
 */
export class StorageUnavailable extends Error {
  override name = 'StorageUnavailable';
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The database is unavailable: ${reason}.`, options);
    this.reason = reason;
  }
}

/** A database the service cannot start on; the message names it and says what to do. */
export class StorageOpenError extends Error {
  override name = 'StorageOpenError';
}

/** What hears of link changes made by any process on the database (Storage.watchLinkChanges). */
export type LinkChangeWatcher = {
  /** This link was updated or deleted. */
  changed(link: { domain: DomainKey; backHalf: string }): void;
  /** The connection that hears changes is lost: from now on, changes may go unheard. */
  lost(): void;
  /** Changes are heard again; those made while the connection was lost were not. */
  back(): void;
};

export interface Storage extends HealthStorage, TagStorage, AccountStatsStorage {
  /** Which engine runs, for logs and start-up lines only: nothing else may depend on it. */
  readonly engine: 'sqlite' | 'postgres';
  /** The schema version the database is at. */
  schemaVersion(): Promise<number>;

  keyOwner(keyHash: string): Promise<KeyOwner | undefined>;
  accountByEmail(email: string): Promise<{ id: number; plan: Plan } | undefined>;
  /** Creates an account and its first key; UniqueViolation when the email is taken. */
  createAccount(email: string, plan: Plan, keyHash: string, now: number): Promise<number>;
  addKey(accountId: number, keyHash: string, now: number): Promise<void>;
  setPlan(accountId: number, plan: Plan): Promise<void>;
  /** Returns whether a live key with this hash existed. */
  revokeKey(keyHash: string, now: number): Promise<boolean>;

  /** UniqueViolation when another account has the host. */
  addDomain(accountId: number, host: string, now: number): Promise<void>;
  domainsOf(accountId: number): Promise<DomainRow[]>;
  ownsDomain(accountId: number, host: string): Promise<boolean>;
  /** Whether any account has added this host. */
  isCustomDomain(host: string): Promise<boolean>;
  /** Sets the fallbacks given (null clears one); false when no account has added the host. */
  setDomainFallbacks(host: string, changes: Partial<DomainFallbacks>): Promise<boolean>;
  /** A custom domain's fallbacks; undefined when no account has added the host. */
  domainFallbacks(host: string): Promise<DomainFallbacks | undefined>;
  /** Every custom domain, by host. */
  allDomains(): Promise<DomainSettingsRow[]>;

  /** Inserts a link; UniqueViolation when the back-half is taken on that domain. */
  insertLink(accountId: number, link: NewLink): Promise<LinkRow>;
  /**
   * Inserts many links in one transaction: all of them or, on a failure, none. A link whose
   * back-half is already taken on its domain is left out and returned; the rest are stored.
   */
  insertLinks(accountId: number, links: readonly NewLink[]): Promise<{ taken: NewLink[] }>;
  /**
   * The account's links newest first, read as the caller asks for them (memory stays bounded
   * however many there are); ending the iteration early ends the read. With `tagKeys`, only the
   * links that carry every one of those tags.
   */
  eachLinkOf(accountId: number, filter?: LinkFilter): AsyncIterable<LinkRow>;
  linkOf(accountId: number, domain: DomainKey, backHalf: string): Promise<LinkRow | undefined>;
  /**
   * Changes the link the account has at this domain and back-half, named by that identity (never
   * by an id read earlier); returns it as stored, or undefined when the account has no such link.
   */
  updateLink(
    accountId: number,
    domain: DomainKey,
    backHalf: string,
    changes: LinkChanges,
  ): Promise<LinkRow | undefined>;
  /** Deletes the account's link at this domain and back-half; returns whether there was one. */
  deleteLink(accountId: number, domain: DomainKey, backHalf: string): Promise<boolean>;

  redirectTarget(domain: DomainKey, backHalf: string): Promise<RedirectTarget | undefined>;
  /** How many links have ended as `ended` says. */
  countEndedLinks(ended: EndedLinks): Promise<number>;
  /**
   * Deletes, in one transaction, up to `limit` ended links with an id above `afterId`, lowest
   * first (announced to other instances as a deletion is); returns how many and the last id.
   */
  deleteEndedLinks(
    ended: EndedLinks,
    afterId: number,
    limit: number,
  ): Promise<{ deleted: number; lastId: number }>;
  /**
   * Adds click counts by link id (`clicks = clicks + n`), and `expiredVisits` to the links'
   * expired visits, all in one transaction. `batch` numbers
   * this process's writes (1, 2, …; a failed one is tried again with its number): an engine that
   * may lose the answer to a commit records it with the clicks and adds nothing for a batch it has
   * already stored, so a retry never counts clicks twice. `stats` are added in the same
   * transaction (those of links deleted meanwhile are dropped).
   */
  addClicks(
    counts: Map<number, number>,
    batch?: number,
    stats?: StatCount[],
    expiredVisits?: Map<number, number>,
    visitors?: VisitorBatch,
  ): Promise<void>;
  /**
   * The statistics stored for a link, days `fromDay` to `toDay` inclusive: people and bots per
   * day; referrers, devices and countries summed over the days (given as on `toDay`).
   */
  clickStats(linkId: number, fromDay: number, toDay: number): Promise<StoredStats>;

  /**
   * Tells `watcher` of every link updated or deleted by any process on this database, and when
   * changes may be missed (see LinkChangeWatcher): the redirect caches of several instances stay
   * in step through it. Resolves once listening.
   */
  watchLinkChanges(watcher: LinkChangeWatcher): Promise<void>;

  /**
   * Counts one request of `key` in its fixed window of `windowMs` (started by the key's first
   * request after the last window ended), in one window shared by every process on this database,
   * and says how far that window has got. Only engines that several instances share have it; on
   * the others the limits stay in the process's memory (rate-limit.ts).
   */
  countRequest?(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;

  close(): Promise<void>;
}

/** The parts of the storage each engine writes in a module of its own (`<engine>/*-queries.ts`). */
export type AccountStorage = Pick<
  Storage,
  | 'keyOwner'
  | 'accountByEmail'
  | 'createAccount'
  | 'addKey'
  | 'setPlan'
  | 'revokeKey'
  | 'addDomain'
  | 'domainsOf'
  | 'ownsDomain'
  | 'isCustomDomain'
  | 'setDomainFallbacks'
  | 'domainFallbacks'
  | 'allDomains'
>;
export type LinkStorage = Pick<
  Storage,
  | 'insertLink'
  | 'insertLinks'
  | 'eachLinkOf'
  | 'linkOf'
  | 'updateLink'
  | 'deleteLink'
  | 'redirectTarget'
  | 'countEndedLinks'
  | 'deleteEndedLinks'
>;
export type ClickStorage = Pick<Storage, 'addClicks' | 'clickStats'>;
