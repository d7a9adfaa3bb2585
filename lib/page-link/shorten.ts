// Making one link through an account: the use case "a link for this page" (link-for-page.ts)
// calls it when no link is reused, for the popup's form as for the menu and the rest.
import { openAccount } from '../account/account.ts';
import { ApiError } from '../api/errors.ts';
import type { CreateLinkInput, Link } from '../api/schemas.ts';
import { hasHostPermission } from '../browser/host-permission.ts';
import { cutTitle } from '../links/title.ts';
import { isConfigured } from '../settings/account-choice.ts';
import { type AccountSettings, saveAccount } from '../settings/settings.ts';
import { OWN_FAILURE_TEXT } from '../wording/error-text.ts';

export { unshortenableReason } from '../wording/link-words.ts';

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
 * Refuses, in words, an account that cannot be asked: one without an API key, or whose origin the
 * browser does not let the extension reach. Asked before anything else, so that no lookup waits on
 * a request that cannot be made.
 */
export async function checkCanAsk(account: AccountSettings): Promise<void> {
  if (!isConfigured(account)) {
    throw new ApiError('unauthorized', OWN_FAILURE_TEXT.noApiKey());
  }
  await checkHostPermission(account.apiBaseUrl);
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
  await checkCanAsk(account);
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
