// Cache upkeep in the background: the popup's "Already shortened" reads the links cache, which only
// the options page filled. The service worker now refreshes it when it is missing or old, so the
// popup knows the account's links without ever downloading tens of thousands of them itself.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { cachedLinksFetchedAt, writeCachedLinks } from './cache.ts';
import { loadSettings } from './settings.ts';
import { isConfigured } from './shorten.ts';

/** How old the cache may be before the popup's opening asks for a refresh. */
export const LINKS_CACHE_MAX_AGE_MS = 10 * 60_000;

const UpkeepRequest = z.object({ type: z.literal('links-cache-upkeep') });
export type UpkeepResult = 'not-configured' | 'fresh' | 'refreshed' | 'failed';

let inFlight: Promise<UpkeepResult> | undefined;

/**
 * Lists the account's links into the cache unless the cache is younger than `maxAgeMs`. One call
 * at a time: a request while one runs gets that one's answer. Failures are quiet: the cache is a
 * convenience, and the pages report errors when the person acts.
 */
export function refreshLinksCache(
  maxAgeMs = LINKS_CACHE_MAX_AGE_MS,
  now = Date.now,
): Promise<UpkeepResult> {
  inFlight ??= (async (): Promise<UpkeepResult> => {
    const settings = await loadSettings();
    if (!isConfigured(settings)) return 'not-configured';
    const fetchedAt = await cachedLinksFetchedAt(settings);
    if (fetchedAt !== undefined && now() - fetchedAt < maxAgeMs) return 'fresh';
    try {
      const { createApiClient } = await import('./api.ts');
      const links = await createApiClient({
        baseUrl: settings.apiBaseUrl,
        apiKey: settings.apiKey,
      }).listLinks();
      // The connection may have changed while the list was on its way: the cache names the one
      // it came from, so a stale answer is never shown under a new key.
      await writeCachedLinks(settings, links);
      return 'refreshed';
    } catch {
      return 'failed';
    }
  })().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/** The popup, on opening: a fire-and-forget request, so the popup never waits for the list. */
export function requestLinksCacheUpkeep(): void {
  browser.runtime.sendMessage({ type: 'links-cache-upkeep' }).catch(() => {});
}

/** Run by the background: answers upkeep requests from this extension's pages. */
export function listenForUpkeepRequests(): void {
  browser.runtime.onMessage.addListener((message, sender) => {
    if (sender.id !== browser.runtime.id || !UpkeepRequest.safeParse(message).success) return;
    void refreshLinksCache();
  });
}
