// The one shorten flow: the popup, the context menu and the keyboard command all call it.
import { openAccount } from './account/account.ts';
import { isConfigured } from './account/account-choice.ts';
import { type AccountSettings, type Settings, saveAccount } from './account/settings.ts';
import { ApiError } from './api/errors.ts';
import type { CreateLinkInput, Link } from './api/schemas.ts';
import { hasHostPermission } from './browser/host-permission.ts';
import { OWN_FAILURE_TEXT } from './error-text.ts';
import { cutTitle } from './links/title.ts';

export { unshortenableReason } from './links/unshortenable.ts';

/**
 * Refuses early, in words, when the browser would block the call: Firefox lets people withdraw an
 * extension's host permissions, and the request would then fail as if the service were down.
 */
async function checkHostPermission(apiBaseUrl: string): Promise<void> {
  // An invalid base URL, or a browser that cannot tell: the client's own errors say more.
  const granted = await hasHostPermission(apiBaseUrl).catch(() => true);
  if (!granted) {
    throw new ApiError(
      'permission_missing',
      OWN_FAILURE_TEXT.permissionMissing(new URL(apiBaseUrl).origin),
    );
  }
}

/**
 * Creates the link through the account (which adds it to the links cache), then remembers the
 * domain chosen for that account when asked to.
 */
export async function shorten(
  input: CreateLinkInput,
  options: { account: AccountSettings; signal?: AbortSignal; rememberDomain?: boolean },
): Promise<Link> {
  const { account } = options;
  if (!isConfigured(account)) {
    throw new ApiError('unauthorized', OWN_FAILURE_TEXT.noApiKey);
  }
  await checkHostPermission(account.apiBaseUrl);
  const link = await openAccount(account).createLink(input, { signal: options.signal });
  if (options.rememberDomain) await saveAccount(account.id, { lastDomain: input.domain ?? '' });
  return link;
}

/**
 * A tab as a page to shorten: its address (a tab still loading has it in `pendingUrl`, Chrome) and
 * its title cut to what the service takes; no title while the browser shows the address as one.
 */
export function pageOfTab(tab: { url?: string; pendingUrl?: string; title?: string }): {
  url: string | undefined;
  title: string | undefined;
} {
  const url = tab.url || tab.pendingUrl;
  const title = tab.title?.trim() && tab.title !== url ? cutTitle(tab.title) : undefined;
  return { url, title };
}

export type PageShortened = {
  link: Link;
  /** The account's link made before for this page, instead of a new one. */
  reused: boolean;
  /** Tracking parameters taken out of the address before it was shortened. */
  removed: string[];
};

/**
 * A page shortened the way the menu, the shortcut, one click and "Shorten all tabs" do it: without
 * its tracking parameters when the preference says so, and, when "Reuse existing links" is on, the
 * account's link for the page (with or without those parameters) instead of a new one.
 */
export async function shortenPage(
  page: { url: string; title?: string },
  options: {
    account: AccountSettings;
    settings: Pick<Settings, 'removeTracking' | 'reuseExisting'>;
    /** The account's links to an address, as the background's cache knows them. */
    linksTo(address: string): Promise<Link[]>;
    domain?: string;
    signal?: AbortSignal;
  },
): Promise<PageShortened> {
  const { url: destinationUrl, removed } = options.settings.removeTracking
    ? // Loaded on demand: the popup's first script does without the list of parameters.
      (await import('./links/tracking-parameters.ts')).removeTrackingParameters(page.url)
    : { url: page.url, removed: [] };
  if (options.settings.reuseExisting) {
    const addresses = destinationUrl === page.url ? [page.url] : [destinationUrl, page.url];
    for (const address of addresses) {
      const [link] = await options.linksTo(address).catch(() => []);
      if (link) return { link, reused: true, removed };
    }
  }
  const link = await shorten(
    { destinationUrl, title: page.title, domain: options.domain },
    { account: options.account, signal: options.signal },
  );
  return { link, reused: false, removed };
}
