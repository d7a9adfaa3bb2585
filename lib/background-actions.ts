// What the context menu and the keyboard command do: shorten a page or a link on the default
// domain, copy the short link, and say what happened in a notification. Plain functions that are
// handed the browser parts they need, so they run in unit tests (fakeBrowser has no contextMenus).
import type { Browser } from 'wxt/browser';
import { loadSettings } from './account/settings.ts';
import { type ApiErrorKind, isApiError } from './api/errors.ts';
import { MENU_SHORTEN_LINK, MENU_SHORTEN_PAGE } from './browser/menus.ts';
import type { Notice } from './browser/notifications.ts';
import { DestinationUrl, TITLE_MAX_LENGTH } from './contract.ts';
import { describeApiError, isFixedInSettings } from './error-text.ts';
import { isConfigured, shorten, unshortenableReason } from './shorten.ts';

export type ShortenTarget = {
  url: string | undefined;
  title?: string;
  /** Which words the notifications use; a page by default. */
  source?: 'link' | 'page';
};

export type BackgroundDeps = {
  copy(text: string): Promise<void>;
  notify(notice: Notice): Promise<void>;
};

export type ShortenOutcome =
  | { status: 'copied'; shortUrl: string }
  | { status: 'not-copied'; shortUrl: string; error: string }
  | { status: 'unshortenable'; reason: string }
  | { status: 'not-configured' }
  | { status: 'failed'; kind?: ApiErrorKind; message: string; advice: string };

export type MenuClick = Pick<
  Browser.contextMenus.OnClickData,
  'menuItemId' | 'linkUrl' | 'pageUrl'
>;
export type TabLike = Pick<Browser.tabs.Tab, 'url' | 'pendingUrl' | 'title'>;

const TYPE_ANOTHER = 'Open the Short Link popup to type a web address instead.';

export function targetOfTab(tab: TabLike | undefined): ShortenTarget {
  // A tab still loading has its address in pendingUrl (Chrome).
  const url = tab?.url || tab?.pendingUrl;
  // Until a page has a title, Chrome gives its address as the title.
  const title = tab?.title?.trim() && tab.title !== url ? tab.title.trim() : undefined;
  return {
    url,
    title:
      title && title.length > TITLE_MAX_LENGTH ? `${title.slice(0, TITLE_MAX_LENGTH - 1)}…` : title,
    source: 'page',
  };
}

/** What a click on one of our menu items asks to shorten; undefined for any other item. */
export function targetOfMenuClick(
  info: MenuClick,
  tab: TabLike | undefined,
): ShortenTarget | undefined {
  if (info.menuItemId === MENU_SHORTEN_LINK) return { url: info.linkUrl, source: 'link' };
  if (info.menuItemId === MENU_SHORTEN_PAGE) {
    const target = targetOfTab(tab);
    return target.url ? target : { ...target, url: info.pageUrl };
  }
  return undefined;
}

function explainFailure(error: unknown, what: string): { notice: Notice; outcome: ShortenOutcome } {
  const { message, advice: generalAdvice } = describeApiError(error);
  const kind = isApiError(error) ? error.kind : undefined;
  const domainGone =
    isApiError(error) && error.kind === 'invalid_input' && error.field === 'domain';
  const advice = domainGone ? 'Choose another default domain in the options.' : generalAdvice;
  return {
    notice: {
      title: `Could not shorten ${what.toLowerCase()}`,
      message: `${message} ${advice}`,
      opensOptions: domainGone || isFixedInSettings(error),
    },
    outcome: { status: 'failed', kind, message, advice },
  };
}

/** Shortens the target on the default domain, copies the short link and says so. */
export async function shortenAndCopy(
  target: ShortenTarget,
  deps: BackgroundDeps,
): Promise<ShortenOutcome> {
  const what = target.source === 'link' ? 'This link' : 'This page';
  const reason =
    unshortenableReason(target.url) ??
    DestinationUrl.safeParse(target.url).error?.issues[0]?.message;
  if (reason !== undefined || target.url === undefined) {
    const explained = reason ?? 'There is no address to shorten.';
    await deps.notify({
      title: `${what} cannot be shortened`,
      message: `${explained} ${TYPE_ANOTHER}`,
    });
    return { status: 'unshortenable', reason: explained };
  }

  const settings = await loadSettings();
  if (!isConfigured(settings)) {
    await deps.notify({
      title: 'Add your API key in the options',
      message:
        'Short Link needs the API key of your account to make short links. Click to open the options.',
      opensOptions: true,
    });
    return { status: 'not-configured' };
  }

  let shortUrl: string;
  try {
    const link = await shorten(
      { destinationUrl: target.url, title: target.title, domain: settings.defaultDomain },
      { settings },
    );
    shortUrl = link.shortUrl;
  } catch (error) {
    const { notice, outcome } = explainFailure(error, what);
    await deps.notify(notice);
    return outcome;
  }

  try {
    await deps.copy(shortUrl);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await deps.notify({
      title: 'Short link made, but not copied',
      message: `${shortUrl} could not be copied: ${detail} Copy it from the links in the options.`,
      opensOptions: true,
    });
    return { status: 'not-copied', shortUrl, error: detail };
  }
  await deps.notify({ title: 'Short link copied', message: `Copied: ${shortUrl}` });
  return { status: 'copied', shortUrl };
}
