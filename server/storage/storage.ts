// The service's storage, as the API, the redirects and the command line see it: one interface,
// whatever engine is behind it. Every operation returns a Promise, so an engine that talks to a
// server over the network fits it as well as SQLite in this process.
import type { TagColor } from '../../contract/limits.ts';
import type { BulkOutcome } from '../../contract/tags.ts';

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

export type LinkRow = LinkEnd & {
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

/** A tag a link or a request names: its name as given, and its key (contract/tag-fields.ts). */
export type TagName = { name: string; key: string };

/** A link to store; without an end, it never ends; its tags are made when the account lacks them. */
export type NewLink = Omit<
  LinkRow,
  'id' | 'clicks' | 'expiredVisits' | 'storedBatch' | 'tagsJson' | keyof LinkEnd
> &
  Partial<LinkEnd> & { tags?: readonly TagName[] };

/**
 * What an update changes: each field given is set (null clears an end), the others kept; `tags`
 * is the link's whole set (made when missing).
 */
export type LinkChanges = Partial<LinkEnd> & {
  destinationUrl?: string;
  title?: string;
  tags?: readonly TagName[];
};

export type TagRow = { id: number; name: string; color: TagColor };
/** A tag with how many links carry it. */
export type CountedTag = TagRow & { links: number };

/** Making a tag would take the account past MAX_TAGS_PER_ACCOUNT: nothing was changed. */
export class TagLimitReached extends Error {
  override name = 'TagLimitReached';
}

/** One link a bulk edit names. */
export type LinkKey = { domain: DomainKey; backHalf: string };

/** What a bulk edit does to each link (storage/bulk-plan.ts); absent fields change nothing. */
export type BulkEdit = {
  addTags: readonly TagName[];
  /** Keys of the tags to take off. */
  removeTags: readonly string[];
  expiresAt?: number | null;
  maxClicks?: number | null;
  /** Hosts as URL parsing writes them (lower case): a destination on `from` moves to `to`. */
  replaceHost?: { from: string; to: string };
};

export type BulkResult = {
  /** Whether the changes were made (all valid, or `partial`). */
  applied: boolean;
  /** One per link named, in that order. */
  links: { status: BulkOutcome; problem?: string }[];
  /** The links whose redirect changed (destination or end), for the redirect caches. */
  redirectsChanged: LinkKey[];
};

export type DomainRow = { host: string; createdAt: number };

/** What a redirect needs; `clicks` as stored, for a link with a click limit. */
export type RedirectTarget = LinkEnd & { id: number; destinationUrl: string; clicks: number };

/**
 * What the click statistics count, per link and UTC day: `human` and `bot` clicks (value ''), and
 * of the people's clicks the referrer host ('' for direct, or one of REFERRER_GROUPS), the device
 * type and the country code.
 */
export type StatFacet = 'human' | 'bot' | 'referrer' | 'device' | 'country';

/**
 * The referrer hosts kept per link and day, most clicks first; the clicks of the others are
 * added to REFERRER_GROUPS.other. Fifty names every site a link is really shared on (a campaign
 * has a few dozen at most), and bounds a day's referrer rows to 51 however many made-up hosts
 * arrive: 365 days of a link stay under 19,000 rows, and a link's statistics answer fast.
 */
export const REFERRERS_KEPT = 50;

/**
 * Referrer values that are no host: '<' and '>' are never in a URL's host, so no host can be one.
 */
export const REFERRER_GROUPS = {
  /** The clicks of the referrers past the REFERRERS_KEPT most clicked. */
  other: '<other>',
  /** Referrers whose host is an IP address: it may name a person's machine, so not which one. */
  ipAddress: '<ip address>',
} as const;

/** One count of the click statistics; `day` is days since 1970-01-01 (UTC). */
export type StatCount = {
  linkId: number;
  day: number;
  facet: StatFacet;
  value: string;
  clicks: number;
};

/** A link's stored statistics of some days; `storedBatch` as in LinkRow. */
export type StoredStats = {
  counts: Omit<StatCount, 'linkId'>[];
  storedBatch?: number;
};

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

export interface Storage {
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
  eachLinkOf(accountId: number, tagKeys?: readonly string[]): AsyncIterable<LinkRow>;
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

  /**
   * Changes many links of the account in one transaction (see BulkEdit): each is found, checked
   * and changed, or, when one is missing or invalid and not `partial`, none is. A link's changes
   * are announced to the other instances as updateLink's are.
   */
  bulkEdit(
    accountId: number,
    links: readonly LinkKey[],
    edit: BulkEdit,
    partial: boolean,
  ): Promise<BulkResult>;

  /** The account's tags by name, with their link counts. */
  tagsOf(accountId: number): Promise<CountedTag[]>;
  tagByKey(accountId: number, key: string): Promise<TagRow | undefined>;
  /** UniqueViolation when the account has a tag of that key; TagLimitReached when it is full. */
  createTag(accountId: number, tag: TagName & { color: TagColor }): Promise<TagRow>;
  /** UniqueViolation when another tag has the new key; undefined when there is no such tag. */
  updateTag(
    accountId: number,
    id: number,
    changes: { name?: TagName; color?: TagColor },
  ): Promise<TagRow | undefined>;
  /** Deletes the tag (its links stay, without it); returns whether there was one. */
  deleteTag(accountId: number, id: number): Promise<boolean>;

  redirectTarget(domain: DomainKey, backHalf: string): Promise<RedirectTarget | undefined>;
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
>;
export type TagStorage = Pick<
  Storage,
  'bulkEdit' | 'tagsOf' | 'tagByKey' | 'createTag' | 'updateTag' | 'deleteTag'
>;
export type ClickStorage = Pick<Storage, 'addClicks' | 'clickStats'>;
