// "Shorten all tabs": the window's web pages shortened a few at a time, within the service's rate
// limit (the bulk pool, lib/bulk/pool.ts), each the way the menu shortens a page
// (lib/page-link/shorten.ts: tracking parameters, the title cut, the existing link reused). A retry
// is given only the failures, so nothing made is made again.
import type { Link } from '../api/schemas.ts';
import { mayHaveBeenMade } from '../bulk/lost-answer.ts';
import { runBulk, type Settled } from '../bulk/pool.ts';
import { type AccountHosts, shortLinkOfAccount } from '../links/short-link-of-account.ts';
import { whyUnshortenable } from '../links/unshortenable.ts';
import { pageOfTab } from './shorten.ts';

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

type Shortened = { link: Link; reused: boolean };

export type ShortenOne = (
  page: TabPage,
  /** `lookFirst`: reuse the page's link if the account has one, whatever the preference says. */
  how: { lookFirst: boolean },
) => Promise<Shortened>;

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

/**
 * Shortens the pages a few at a time through the bulk pool (lib/bulk/pool.ts); results in the
 * pages' order. A 429 holds every request for its Retry-After, then the refused page is tried
 * again; a page whose answer was lost is reported failed, for the retry to look it up.
 */
export async function shortenTabs(
  pages: readonly TabPage[],
  options: ShortenTabsOptions,
  lookFirst: (page: TabPage) => boolean = () => false,
): Promise<TabResult[]> {
  const resultOf = (settled: Settled<Shortened>, index: number): TabResult => {
    const page = pages[index] as TabPage;
    return settled.ok
      ? { page, status: 'shortened', link: settled.value.link, reused: settled.value.reused }
      : { page, status: 'failed', error: settled.error };
  };
  const settled = await runBulk(pages, options.shortenOne, {
    concurrency: options.concurrency,
    sleep: options.sleep,
    signal: options.signal,
    lookFirst,
    onHold: (hold) => {
      if (hold) options.onWait?.(hold.ms);
    },
    onSettled: (each, index) => options.onResult?.(resultOf(each, index), index),
  });
  // Never paused, every page settles (an abort rejects instead).
  return settled.map((each, index) => resultOf(each as Settled<Shortened>, index));
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
