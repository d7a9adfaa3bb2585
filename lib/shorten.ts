// The one shorten flow: the popup, the context menu and the keyboard command all call it.
import { openAccount } from './account/account.ts';
import { type AccountSettings, isConfigured, saveAccount } from './account/settings.ts';
import { ApiError } from './api/errors.ts';
import type { CreateLinkInput, Link } from './api/schemas.ts';
import { hasHostPermission } from './browser/host-permission.ts';

const SHORTENABLE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Whether a tab's address can be shortened: only web pages. Browser pages, files, extension pages
 * (the PDF viewer among them) and data: addresses mean nothing to anyone else.
 */
export function unshortenableReason(address: string | undefined): string | undefined {
  if (!address) return 'This tab has no address to shorten.';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'This tab has no web address to shorten.';
  }
  if (SHORTENABLE_PROTOCOLS.has(url.protocol)) return undefined;
  if (url.protocol === 'file:')
    return 'Files on this computer cannot be shortened: others cannot open them.';
  return `${url.protocol.replace(/:$/, '')}: pages belong to the browser and cannot be shortened.`;
}

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
      `The browser does not let Short Link reach ${new URL(apiBaseUrl).origin}.`,
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
    throw new ApiError('unauthorized', 'No API key is set yet. Add it in the options.');
  }
  await checkHostPermission(account.apiBaseUrl);
  const link = await openAccount(account).createLink(input, { signal: options.signal });
  if (options.rememberDomain) await saveAccount(account.id, { lastDomain: input.domain ?? '' });
  return link;
}
