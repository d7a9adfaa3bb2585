// What the context menu, the keyboard command and the one-click toolbar button do: shorten a page
// or a link on the default domain (or find the link the account already has for it), copy the
// short link in the preferred format, and say what happened in a notification. Plain functions
// that are handed the browser parts they need, so they run in unit tests (fakeBrowser has no
// contextMenus).
import type { Browser } from 'wxt/browser';
import { DestinationUrl } from '../../contract/wire.ts';
import { linksOfAccount } from '../account/links-upkeep.ts';
import { type ApiErrorKind, isApiError } from '../api/errors.ts';
import { MENU_SHORTEN_LINK, MENU_SHORTEN_PAGE, readMenuItemId } from '../browser/menus.ts';
import type { Notice } from '../browser/notifications.ts';
import { plural, t } from '../i18n/t.ts';
import { formatForCopy } from '../links/copy-formats.ts';
import { accountOrDefault, isConfigured } from '../settings/account-choice.ts';
import { loadSettings } from '../settings/settings.ts';
import {
  describeApiError,
  isFixedInSettings,
  type NoticeSource,
  SHORTEN_NOTICE_TEXT,
} from '../wording/error-text.ts';
import { linkForPage, type PageLink } from './link-for-page.ts';
import { pageOfTab, unshortenableReason } from './shorten.ts';

export type ShortenTarget = {
  url: string | undefined;
  title?: string;
  /** Which words the notifications use; a page by default. */
  source?: 'link' | 'page';
  /** The account to shorten with; the default one when not given (or removed meanwhile). */
  accountId?: string;
};

export type BackgroundDeps = {
  /** Plain text, and rich text beside it for the HTML format. */
  copy(text: string, html?: string): Promise<void>;
  notify(notice: Notice): Promise<void>;
};

export type ShortenOutcome =
  /** `reused`: the account's existing link for the page, copied instead of a new one. */
  | { status: 'copied'; shortUrl: string; reused: boolean; removedParameters: string[] }
  | { status: 'not-copied'; shortUrl: string; error: string }
  | { status: 'unshortenable'; reason: string }
  | { status: 'not-configured' }
  | { status: 'failed'; kind?: ApiErrorKind; message: string; advice: string };

export type MenuClick = Pick<
  Browser.contextMenus.OnClickData,
  'menuItemId' | 'linkUrl' | 'pageUrl'
>;
export type TabLike = Pick<Browser.tabs.Tab, 'url' | 'pendingUrl' | 'title'>;

export function targetOfTab(tab: TabLike | undefined): ShortenTarget {
  return { ...pageOfTab(tab ?? {}), source: 'page' };
}

/** What a click on one of our menu items asks to shorten; undefined for any other item. */
export function targetOfMenuClick(
  info: MenuClick,
  tab: TabLike | undefined,
): ShortenTarget | undefined {
  const { item, accountId } = readMenuItemId(info.menuItemId);
  if (item === MENU_SHORTEN_LINK) return { url: info.linkUrl, source: 'link', accountId };
  if (item === MENU_SHORTEN_PAGE) {
    const target = { ...targetOfTab(tab), accountId };
    return target.url ? target : { ...target, url: info.pageUrl };
  }
  return undefined;
}

function explainFailure(
  error: unknown,
  source: NoticeSource,
): { notice: Notice; outcome: ShortenOutcome } {
  const { message, advice: generalAdvice } = describeApiError(error);
  const kind = isApiError(error) ? error.kind : undefined;
  const domainGone =
    isApiError(error) && error.kind === 'invalid_input' && error.field === 'domain';
  const advice = domainGone ? SHORTEN_NOTICE_TEXT.domainGone() : generalAdvice;
  return {
    notice: {
      title: SHORTEN_NOTICE_TEXT.couldNotShorten(source),
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
  const source = target.source ?? 'page';
  const reason =
    unshortenableReason(target.url) ??
    DestinationUrl.safeParse(target.url).error?.issues[0]?.message;
  if (reason !== undefined || target.url === undefined) {
    const explained = reason ?? SHORTEN_NOTICE_TEXT.noAddress();
    await deps.notify({
      title: SHORTEN_NOTICE_TEXT.cannotShorten(source),
      message: `${explained} ${SHORTEN_NOTICE_TEXT.typeAnother()}`,
    });
    return { status: 'unshortenable', reason: explained };
  }

  const settings = await loadSettings();
  const account = accountOrDefault(settings, target.accountId);
  if (!isConfigured(account)) {
    await deps.notify({ ...SHORTEN_NOTICE_TEXT.notConfigured(), opensOptions: true });
    return { status: 'not-configured' };
  }

  let shortened: PageLink;
  try {
    shortened = await linkForPage(
      { url: target.url, title: target.title },
      {
        account,
        removeTracking: settings.removeTracking,
        reuse: settings.reuseExisting,
        linksTo: (addresses) => linksOfAccount(account, addresses),
        domain: account.defaultDomain,
      },
    );
  } catch (error) {
    const { notice, outcome } = explainFailure(error, source);
    await deps.notify(notice);
    return outcome;
  }

  const { link, reused, removed } = shortened;
  const { shortUrl } = link;
  const content = formatForCopy(settings.copyAs, link);
  try {
    await deps.copy(content.text, content.html);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await deps.notify({
      title: SHORTEN_NOTICE_TEXT.notCopied.title(),
      message: SHORTEN_NOTICE_TEXT.notCopied.message(shortUrl, detail),
      opensOptions: true,
    });
    return { status: 'not-copied', shortUrl, error: detail };
  }
  await deps.notify(
    reused
      ? { title: t('noticeReusedTitle'), message: t('noticeReused', shortUrl) }
      : {
          title: t('noticeCopiedTitle'),
          message:
            removed.length === 0
              ? t('noticeCopied', shortUrl)
              : plural('noticeCopiedRemoved', removed.length, shortUrl),
        },
  );
  return { status: 'copied', shortUrl, reused, removedParameters: removed };
}
