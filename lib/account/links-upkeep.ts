// Cache upkeep in the background: the popup's "Already shortened" reads the links cache, which only
// the options page filled. The service worker now refreshes it when it is missing or old, so the
// popup knows the account's links without ever downloading tens of thousands of them itself.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { Link } from '../api/schemas.ts';
import { accountOrDefault, isConfigured } from '../settings/account-choice.ts';
import { type AccountSettings, loadSettings } from '../settings/settings.ts';
import { openAccount } from './account.ts';
import { isCachedLinks } from './links-json.ts';

/** How old the cache may be before a popup opening refreshes it. */
export const LINKS_CACHE_MAX_AGE_MS = 10 * 60_000;

const LinksForPageRequest = z.object({
  type: z.literal('links-for-page'),
  /** The page's addresses: without its tracking parameters, and as it was. */
  urls: z.array(z.string()),
  /** The popup's account; the default one when missing or removed meanwhile. */
  accountId: z.optional(z.string()),
});
type LinksForPageRequest = z.infer<typeof LinksForPageRequest>;

/** "Retry failed tabs": the cache listed afresh by the background, not by the popup. */
const RefreshLinksRequest = z.object({
  type: z.literal('refresh-links'),
  accountId: z.optional(z.string()),
});
type RefreshLinksRequest = z.infer<typeof RefreshLinksRequest>;

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

/**
 * The background's answer: an account's links to any of the addresses, looked up in the index its
 * account object keeps by destination, the cache listed first when missing or old.
 */
export function linksOfAccount(
  account: AccountSettings,
  addresses: readonly string[],
): Promise<Link[]> {
  if (!isConfigured(account)) return Promise.resolve([]);
  return openAccount(account).linksTo(addresses, { maxAgeMs: LINKS_CACHE_MAX_AGE_MS });
}

/** The background's answer to a page's question: the settings read once, then the lookup. */
export async function linksForPage(
  addresses: readonly string[],
  accountId?: string,
): Promise<Link[]> {
  return linksOfAccount(accountOrDefault(await loadSettings(), accountId), addresses);
}

/**
 * A page's question, sent to the background: the pages never load the whole list (megabytes at
 * 20,000 links), and their questions are what keeps the cache fresh. No answer reads as none.
 */
export async function requestLinksForPage(
  addresses: readonly string[],
  accountId?: string,
): Promise<Link[]> {
  const request: LinksForPageRequest = { type: 'links-for-page', urls: [...addresses], accountId };
  const answer: unknown = await browser.runtime.sendMessage(request).catch(() => []);
  return isCachedLinks(answer) ? answer : [];
}

/** Asks the background to list the account's links afresh into its cache; resolves when done. */
export async function requestLinksRefresh(accountId?: string): Promise<void> {
  const request: RefreshLinksRequest = { type: 'refresh-links', accountId };
  await browser.runtime.sendMessage(request).catch(() => {});
}

/** Run by the background: answers the pages' questions. */
export function listenForLinksForPageRequests(): void {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    const question = LinksForPageRequest.safeParse(message);
    if (question.success) {
      linksForPage(question.data.urls, question.data.accountId).then(sendResponse, () =>
        sendResponse([]),
      );
      // The answer comes later: keep the channel open.
      return true;
    }
    const refresh = RefreshLinksRequest.safeParse(message);
    if (refresh.success) {
      refreshLinksCache(0, Date.now, refresh.data.accountId).then(sendResponse, () =>
        sendResponse('failed'),
      );
      return true;
    }
    return undefined;
  });
}
