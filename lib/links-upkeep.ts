// Cache upkeep in the background: the popup's "Already shortened" reads the links cache, which only
// the options page filled. The service worker now refreshes it when it is missing or old, so the
// popup knows the account's links without ever downloading tens of thousands of them itself.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { openAccount } from './account/account.ts';
import { accountOrDefault, isConfigured } from './account/account-choice.ts';
import { isCachedLinks } from './account/cache.ts';
import { loadSettings } from './account/settings.ts';
import type { Link } from './api/schemas.ts';

/** How old the cache may be before a popup opening refreshes it. */
export const LINKS_CACHE_MAX_AGE_MS = 10 * 60_000;

const LinksForPageRequest = z.object({
  type: z.literal('links-for-page'),
  url: z.string(),
  /** The popup's account; the default one when missing or removed meanwhile. */
  accountId: z.optional(z.string()),
});
type LinksForPageRequest = z.infer<typeof LinksForPageRequest>;
export type UpkeepResult = 'not-configured' | 'fresh' | 'refreshed' | 'failed';

const inFlight = new Map<string, Promise<UpkeepResult>>();

/**
 * Lists an account's links (the default account's unless told) into its cache unless the cache is
 * younger than `maxAgeMs`. One call at a time per account: a request while one runs gets that
 * one's answer. Failures are quiet: the cache is a convenience, and the pages report errors when
 * the person acts.
 */
export function refreshLinksCache(
  maxAgeMs = LINKS_CACHE_MAX_AGE_MS,
  now = Date.now,
  accountId?: string,
): Promise<UpkeepResult> {
  const key = accountId ?? '';
  let running = inFlight.get(key);
  if (!running) {
    running = (async (): Promise<UpkeepResult> => {
      const account = accountOrDefault(await loadSettings(), accountId);
      if (!isConfigured(account)) return 'not-configured';
      return openAccount(account).refreshLinksIfOlderThan(maxAgeMs, now);
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

const normalized = (address: string) => {
  try {
    return new URL(address).href;
  } catch {
    return address;
  }
};

/**
 * The links that lead to this page. The list may hold tens of thousands: only those that start
 * like the page (case aside) are parsed as URLs, the rest are skipped on a string test.
 */
export function linksTo(links: readonly Link[], pageUrl: string): Link[] {
  const target = normalized(pageUrl);
  const origin = URL.canParse(pageUrl) ? new URL(pageUrl).origin : pageUrl;
  return links.filter(
    (link) =>
      link.destinationUrl.slice(0, origin.length).toLowerCase() === origin &&
      normalized(link.destinationUrl) === target,
  );
}

/** The background's answer: an account's links to a page, from a cache kept fresh. */
export async function linksForPage(pageUrl: string, accountId?: string): Promise<Link[]> {
  await refreshLinksCache(LINKS_CACHE_MAX_AGE_MS, Date.now, accountId);
  const account = accountOrDefault(await loadSettings(), accountId);
  const cached = isConfigured(account) ? await openAccount(account).cachedLinks() : undefined;
  return cached ? linksTo(cached.value, pageUrl) : [];
}

/**
 * The popup's question, sent to the background: the popup never loads the whole list (megabytes
 * at 20,000 links), and its opening is what keeps the cache fresh. No answer reads as none.
 */
export async function requestLinksForPage(pageUrl: string, accountId?: string): Promise<Link[]> {
  const request: LinksForPageRequest = { type: 'links-for-page', url: pageUrl, accountId };
  const answer: unknown = await browser.runtime.sendMessage(request).catch(() => []);
  return isCachedLinks(answer) ? answer : [];
}

/** Run by the background: answers the popup's question. */
export function listenForLinksForPageRequests(): void {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    const request = LinksForPageRequest.safeParse(message);
    if (!request.success) return;
    linksForPage(request.data.url, request.data.accountId).then(sendResponse, () =>
      sendResponse([]),
    );
    // The answer comes later: keep the channel open.
    return true;
  });
}
