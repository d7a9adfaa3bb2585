// "Shorten all tabs": the window's web pages shortened a few at a time, within the service's rate
// limit, each the way the menu shortens a page (lib/page-link/shorten.ts: tracking parameters, the title
// cut, the existing link reused). A retry is given only the failures, so nothing made is made again.
import { isApiError } from '../api/errors.ts';
import type { Link } from '../api/schemas.ts';
import { type AccountHosts, shortLinkOfAccount } from '../links/short-link-of-account.ts';
import { whyUnshortenable } from '../links/unshortenable.ts';
import { mayHaveBeenMade } from './lost-answer.ts';
import { pageOfTab } from './shorten.ts';

/** Requests at once: the reference service allows 600 a minute, and a window rarely holds more. */
export const TABS_AT_ONCE = 4;
/** A longer Retry-After than this is not waited out: the page is reported with the wait instead. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Waits for one page after 429s, before it is reported as failed. */
export const MAX_RATE_LIMIT_WAITS = 3;
/** When a 429 names no wait. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;

export type TabPage = { url: string; title?: string };

export type TabResult =
  | { page: TabPage; status: 'shortened'; link: Link; reused: boolean }
  | { page: TabPage; status: 'failed'; error: unknown };

type TabLike = { url?: string; pendingUrl?: string; title?: string };

/**
 * The tabs that are web pages to shorten, in tab order and once each; `skipped` counts the rest:
 * browser and extension pages, files, and the account's own short links (shortening one would
 * loop, and the service refuses it).
 */
export function pagesOfTabs(
  tabs: readonly TabLike[],
  hosts: AccountHosts,
): { pages: TabPage[]; skipped: number } {
  const pages = new Map<string, TabPage>();
  let skipped = 0;
  for (const tab of tabs) {
    const { url, title } = pageOfTab(tab);
    if (!url || whyUnshortenable(url) || shortLinkOfAccount(url, hosts)) skipped++;
    else if (!pages.has(url)) pages.set(url, { url, title });
  }
  return { pages: [...pages.values()], skipped };
}

export type ShortenOne = (
  page: TabPage,
  /** `lookFirst`: reuse the page's link if the account has one, whatever the preference says. */
  how: { lookFirst: boolean },
) => Promise<{ link: Link; reused: boolean }>;

export type ShortenTabsOptions = {
  /** Shortens one page, or finds its existing link. */
  shortenOne: ShortenOne;
  /** Each page's result as it comes. */
  onResult?(result: TabResult, index: number): void;
  /** The service asked to slow down: every request waits this long. */
  onWait?(milliseconds: number): void;
  concurrency?: number;
  sleep?(milliseconds: number): Promise<void>;
  signal?: AbortSignal;
};

const realSleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * Shortens the pages `concurrency` at a time; results in the pages' order. A 429 pauses every
 * request for its Retry-After, then the refused page is tried again (a 429 made nothing).
 */
export async function shortenTabs(
  pages: readonly TabPage[],
  options: ShortenTabsOptions,
  lookFirst: (page: TabPage) => boolean = () => false,
): Promise<TabResult[]> {
  const { concurrency = TABS_AT_ONCE, sleep = realSleep, signal } = options;
  const results: TabResult[] = new Array(pages.length);
  let next = 0;
  let pausedUntil = 0;

  async function shortenWithWaits(page: TabPage, lookFirst: boolean): Promise<TabResult> {
    for (let waits = 0; ; waits++) {
      const pause = pausedUntil - Date.now();
      if (pause > 0) await sleep(pause);
      signal?.throwIfAborted();
      try {
        const { link, reused } = await options.shortenOne(page, { lookFirst });
        return { page, status: 'shortened', link, reused };
      } catch (error) {
        const rateLimited = isApiError(error) && error.kind === 'rate_limited';
        const wait =
          rateLimited && error.retryAfterSeconds !== undefined
            ? error.retryAfterSeconds * 1000
            : DEFAULT_RATE_LIMIT_WAIT_MS;
        if (!rateLimited || waits >= MAX_RATE_LIMIT_WAITS || wait > MAX_RATE_LIMIT_WAIT_MS) {
          return { page, status: 'failed', error };
        }
        pausedUntil = Math.max(pausedUntil, Date.now() + wait);
        options.onWait?.(wait);
      }
    }
  }

  async function worker() {
    while (next < pages.length) {
      const index = next++;
      const page = pages[index] as TabPage;
      const result = await shortenWithWaits(page, lookFirst(page));
      results[index] = result;
      options.onResult?.(result, index);
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, pages.length) }, worker));
  return results;
}

/**
 * Tries the failed pages again and keeps every other result as it is. When a failure may have made
 * its link anyway, the account's links are listed afresh first (`refreshLinks`) and that page's
 * link is looked for before one is made: nothing is made twice.
 */
export async function retryFailures(
  results: readonly TabResult[],
  options: ShortenTabsOptions & { refreshLinks(): Promise<unknown> },
): Promise<TabResult[]> {
  const failed = results.flatMap((result, index) => (result.status === 'failed' ? [index] : []));
  const uncertain = new Set(
    failed
      .filter((index) => {
        const result = results[index];
        return result?.status === 'failed' && mayHaveBeenMade(result.error);
      })
      .map((index) => results[index]?.page.url),
  );
  if (uncertain.size > 0) await options.refreshLinks();
  const retried = await shortenTabs(
    failed.map((index) => (results[index] as TabResult).page),
    {
      ...options,
      onResult: (result, at) => options.onResult?.(result, failed[at] as number),
    },
    (page) => uncertain.has(page.url),
  );
  const merged = [...results];
  failed.forEach((index, at) => {
    merged[index] = retried[at] as TabResult;
  });
  return merged;
}
