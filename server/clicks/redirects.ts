// Redirects: GET /<back_half> on the default short domain or a custom domain (by Host). Plain
// node:http, not the API's router: this is the hot path, and it needs none of the API's machinery.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BACK_HALF_PATTERN } from '../../contract/limits.ts';
import type { Clock } from '../shared/clock.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import { type DomainKey, type Storage, StorageUnavailable } from '../storage/storage.ts';
import type { ClickCapture } from './click-capture.ts';
import type { ClickCounter } from './clicks.ts';
import type { FallbackAnswers } from './domain-fallbacks.ts';
import { expiredPage } from './expired-page.ts';
import { sendPasswordPage } from './password-page.ts';
import type { PasswordChecks } from './password-posts.ts';
import { HOME_PAGE, NOT_FOUND_PAGE, sendPage, wrongMethod } from './service-pages.ts';

/**
 * When a link ends, for a link that may: its expiry (Infinity for none), its click limit
 * (Infinity for none), where it leads after (undefined: the 410 page), and for a click limit the
 * clicks counted before this process's own (see clicksCounted).
 */
type TargetEnd = {
  expiresAt: number;
  maxClicks: number;
  expiredLocation: string | undefined;
  clicksBefore: number;
  /** When it was read (system time): a click limit's count is read again after a while. */
  readAt: number;
};

/**
 * `end` only for a link with an expiry or a click limit, `passwordHash` only for one with a
 * password: the others pay one check for each.
 */
type Target = { id: number; location: string; end?: TargetEnd; passwordHash?: string };

const MAX_CACHED_TARGETS = 100_000;
/**
 * After a read of the storage failed, how long targets that need checking are served unchecked:
 * while the database is away, each redirect does not wait for a connection attempt of its own.
 */
const RECHECK_AFTER_FAILURE_MS = 250;
/**
 * How long a link with a click limit is served from memory before its stored clicks are read
 * again: the clicks other instances count reach this one within this and their write interval.
 */
const LIMITED_REREAD_MS = 1_000;

/**
 * Known redirect targets in memory. The API calls forget() after every change it stores, and the
 * changes other instances make arrive through Storage.watchLinkChanges, so a target is served from
 * memory only while changes are heard. When the connection that hears them is lost
 * (stopTrusting), and again when it is back (trustAgain), every target in memory is dropped from
 * the cache and kept aside: each is read again before it is served, and served as it was only
 * when that read fails because the database is away (then no instance can change it either). A
 * hit is answered without a Promise (the hot path); a miss reads the storage.
 */
export function createRedirectCache(
  store: Pick<Storage, 'redirectTarget'>,
  clicks?: Pick<ClickCounter, 'settled' | 'pendingOf'>,
) {
  /** Targets read while changes were heard, and not changed since: served as they are. */
  const targets = new Map<string, Target>();
  /** Targets that may have changed unheard: served only when the storage cannot be read. */
  const unchecked = new Map<string, Target>();
  const keyOf = (domain: DomainKey, backHalf: string) => `${domain}/${backHalf}`;
  const keep = (into: Map<string, Target>, key: string, target: Target) => {
    if (into.size >= MAX_CACHED_TARGETS) into.clear();
    into.set(key, target);
  };
  // Bumped by every forget() and every change of trust: a read that was in flight meanwhile may
  // hold what was just changed, so it answers its own request but is not kept.
  let changes = 0;
  let hearing = true;
  let storageFailedAt = Number.NEGATIVE_INFINITY;
  /**
   * Clicks this process counted of links with a click limit, since it started (never lowered):
   * one number per link shared by every Target of it, so that the limit holds exactly however
   * the clicks are batched and however often the link is read again.
   */
  const limitedClicks = new Map<number, number>();
  const clicksHere = (linkId: number) => limitedClicks.get(linkId) ?? 0;

  type Row = NonNullable<Awaited<ReturnType<Storage['redirectTarget']>>>;
  /**
   * A link with a click limit read again with no click write of this process under way: its
   * stored clicks and those still held make its count, of which this process's own so far are
   * taken out (clicksCounted adds them back as they grow).
   */
  const readLimited = (domain: DomainKey, backHalf: string, row: Row) =>
    clicks
      ? clicks.settled(async () => {
          const again = await store.redirectTarget(domain, backHalf);
          return (
            again && {
              row: again,
              counted: again.clicks + clicks.pendingOf(again.id) - clicksHere(again.id),
            }
          );
        })
      : { row, counted: row.clicks - clicksHere(row.id) };

  const targetOf = async (domain: DomainKey, backHalf: string, row: Row) => {
    // Location must be ASCII: the URL parser percent-encodes the path and punycodes the host.
    const target: Target = { id: row.id, location: new URL(row.destinationUrl).href };
    if (row.passwordHash !== null) target.passwordHash = row.passwordHash;
    if (row.expiresAt === null && row.maxClicks === null) return target;
    let clicksBefore = 0;
    if (row.maxClicks !== null) {
      const limited = await readLimited(domain, backHalf, row);
      if (!limited) return undefined;
      row = limited.row;
      clicksBefore = limited.counted;
    }
    target.end = {
      expiresAt: row.expiresAt ?? Number.POSITIVE_INFINITY,
      maxClicks: row.maxClicks ?? Number.POSITIVE_INFINITY,
      expiredLocation: row.expiredUrl === null ? undefined : new URL(row.expiredUrl).href,
      clicksBefore,
      readAt: Date.now(),
    };
    return target;
  };

  const setAllAside = () => {
    changes++;
    for (const [key, target] of targets) keep(unchecked, key, target);
    targets.clear();
  };

  return {
    cached(domain: DomainKey, backHalf: string): Target | undefined {
      return targets.get(keyOf(domain, backHalf));
    },
    async load(domain: DomainKey, backHalf: string): Promise<Target | undefined> {
      const key = keyOf(domain, backHalf);
      const changesBefore = changes;
      // A link with a click limit read again (see `stale`) is still served as it is meanwhile.
      const asItWas = () => unchecked.get(key) ?? targets.get(key);
      const previous = asItWas();
      if (previous && Date.now() - storageFailedAt < RECHECK_AFTER_FAILURE_MS) return previous;
      let target: Target | undefined;
      try {
        const row = await store.redirectTarget(domain, backHalf);
        target = row && (await targetOf(domain, backHalf, row));
      } catch (error) {
        if (!(error instanceof StorageUnavailable)) throw error;
        storageFailedAt = Date.now();
        // As it was before the database went away, unless this process changed it meanwhile.
        const kept = asItWas();
        if (kept) return kept;
        throw error;
      }
      unchecked.delete(key);
      if (!target) return undefined;
      if (changes === changesBefore) keep(hearing ? targets : unchecked, key, target);
      return target;
    },
    forget(domain: DomainKey, backHalf: string): void {
      changes++;
      targets.delete(keyOf(domain, backHalf));
      unchecked.delete(keyOf(domain, backHalf));
    },
    size: () => targets.size,
    /** Whether a cached link's click count is due to be read again (see LIMITED_REREAD_MS). */
    stale(end: TargetEnd): boolean {
      return (
        end.maxClicks !== Number.POSITIVE_INFINITY && Date.now() - end.readAt > LIMITED_REREAD_MS
      );
    },
    /** The clicks a link with a click limit has, this process's own included. */
    clicksCounted(linkId: number, end: TargetEnd): number {
      return end.clicksBefore + clicksHere(linkId);
    },
    /** Notes one click of a link with a click limit (counted by the ClickCounter too). */
    countLimited(linkId: number): void {
      limitedClicks.set(linkId, clicksHere(linkId) + 1);
    },
    /** Changes may go unheard from now on: nothing in memory is served unchecked. */
    stopTrusting(): void {
      hearing = false;
      setAllAside();
    },
    /** Changes are heard again; what is in memory was read before and is checked once more. */
    trustAgain(): void {
      hearing = true;
      setAllAside();
    },
  };
}

export type RedirectCache = ReturnType<typeof createRedirectCache>;

export function createRedirectHandler(deps: {
  redirects: RedirectCache;
  clicks: ClickCounter;
  domains: ShortDomains;
  /** With it, clicks are counted in the statistics too (read when their batch is written). */
  capture?: ClickCapture;
  /** The service's clock, which says whether a link's expiry has come. */
  clock: Clock;
  /** Checks the password form of a link with a password (password-posts.ts). */
  passwords: PasswordChecks;
  /** A custom domain's own addresses for an unknown back-half and its root. */
  fallbacks: FallbackAnswers;
}) {
  const { redirects, clicks, domains, capture, clock, passwords, fallbacks } = deps;
  const notFound = (res: ServerResponse, domain: DomainKey | undefined, head: boolean) =>
    fallbacks.answer(res, domain, 'notFound', () => sendPage(res, 404, NOT_FOUND_PAGE, head));

  const redirectTo = (res: ServerResponse, location: string) => {
    res.writeHead(302, {
      Location: location,
      'Cache-Control': 'private, no-store',
      'Content-Length': 0,
    });
    res.end();
  };

  /** An ended link: its address after, or the 410 page; a visit counted apart, never a click. */
  const answerEnded = (
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    head: boolean,
  ) => {
    if (!head) clicks.countExpired(target.id);
    if (target.end?.expiredLocation) redirectTo(res, target.end.expiredLocation);
    else sendPage(res, 410, expiredPage(req.headers['accept-language']), head);
  };

  const ended = (target: Target, end: TargetEnd) =>
    clock.now() >= end.expiresAt || redirects.clicksCounted(target.id, end) >= end.maxClicks;

  /**
   * The destination, counted; the password form while a link's password is not `unlocked` (for
   * bots and HEAD too); what an ended link answers once it has ended (it asks for no password).
   */
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    target: Target | undefined,
    head: boolean,
    domain: DomainKey | undefined,
    unlocked = false,
  ): Promise<void> | undefined => {
    if (!target) return notFound(res, domain, head);
    const { end } = target;
    const locked = target.passwordHash !== undefined && !unlocked;
    if (end) {
      // Checked and counted in one turn of the event loop: no other visit comes in between.
      if (ended(target, end)) {
        answerEnded(req, res, target, head);
        return;
      }
      if (!head && !locked && end.maxClicks !== Number.POSITIVE_INFINITY) {
        redirects.countLimited(target.id);
      }
    }
    if (locked) {
      sendPasswordPage(res, req.headers['accept-language'], { status: 200, notice: 'none' }, head);
      return;
    }
    if (!head) clicks.count(target.id, capture?.(req));
    redirectTo(res, target.location);
  };

  /** A password form: none taken without a password (405); a right one leads on as a visit. */
  const answerPost = async (
    req: IncomingMessage,
    res: ServerResponse,
    target: Target | undefined,
    domain: DomainKey,
  ): Promise<void> => {
    if (!target || (target.end && ended(target, target.end)))
      return answer(req, res, target, false, domain);
    const { passwordHash } = target;
    if (passwordHash === undefined) return wrongMethod(res);
    if (await passwords.unlock(req, res, { id: target.id, passwordHash })) {
      await answer(req, res, target, false, domain, true);
    }
  };

  /** Answers the request; a Promise only when the storage had to be read (a target, a fallback). */
  return (req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
    const head = req.method === 'HEAD';
    const post = req.method === 'POST';
    if (req.method !== 'GET' && !head && !post) {
      wrongMethod(res);
      return;
    }
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const domain = domains.domainOf(req.headers.host ?? '');
    if (path === '/') {
      if (post) {
        wrongMethod(res);
        return;
      }
      return fallbacks.answer(res, domain, 'root', () => sendPage(res, 200, HOME_PAGE, head));
    }

    let backHalf = path.slice(1);
    if (backHalf.includes('%')) {
      try {
        backHalf = decodeURIComponent(backHalf);
      } catch {
        return notFound(res, domain, head);
      }
    }
    if (domain === undefined || !BACK_HALF_PATTERN.test(backHalf))
      return notFound(res, domain, head);
    const cached = redirects.cached(domain, backHalf);
    const fresh = cached && !(cached.end && redirects.stale(cached.end)) ? cached : undefined;
    if (post) {
      if (fresh) return answerPost(req, res, fresh, domain);
      return redirects
        .load(domain, backHalf)
        .then((target) => answerPost(req, res, target, domain));
    }
    if (fresh) return answer(req, res, fresh, head, domain);
    return redirects
      .load(domain, backHalf)
      .then((target) => answer(req, res, target, head, domain));
  };
}
