// "Shorten all tabs": the window's web pages shortened in the popup, with progress, the list to
// copy as lines, Markdown or CSV, and the failures with their reason and a retry. Loaded only when
// the button is pressed.
import './later-styles.ts';
import { useEffect, useRef, useState } from 'react';
import { ShortLink } from '../../components/shorten/ShortLink.tsx';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { requestLinksForPage, requestLinksRefresh } from '../../lib/account/links-upkeep.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { tabsOfWindow } from '../../lib/browser/window-tabs.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { plural, t } from '../../lib/i18n/t.ts';
import { displayHost } from '../../lib/links/display-host.ts';
import { formatLinkList, LIST_FORMATS } from '../../lib/links/link-list-formats.ts';
import type { AccountHosts } from '../../lib/links/short-link-of-account.ts';
import { askOnce, linkForPage } from '../../lib/page-link/link-for-page.ts';
import {
  pagesOfTabs,
  retryFailures,
  type ShortenOne,
  shortenTabs,
  type TabPage,
  type TabResult,
} from '../../lib/page-link/shorten-tabs.ts';
import type { AccountSettings, Settings } from '../../lib/settings/settings.ts';
import { describeApiError } from '../../lib/wording/error-text.ts';
import { LIST_FORMAT_BUTTONS } from '../../lib/wording/link-list-words.ts';
import { leftOutTabs } from './left-out.ts';

type Stage = 'asking' | 'refused' | 'none' | 'running' | 'done';

const pageName = (page: TabPage) => {
  if (page.title) return page.title;
  try {
    return displayHost(new URL(page.url).hostname);
  } catch {
    return page.url;
  }
};

export function AllTabs({
  permission,
  account,
  settings,
  domain,
  hosts,
  tabId,
  onBack,
}: {
  /** The answer to the `tabs` permission request, made in the click that opened this view. */
  permission: Promise<boolean>;
  account: AccountSettings;
  settings: Pick<Settings, 'removeTracking' | 'reuseExisting'>;
  /** The domain chosen in the form. */
  domain: string;
  /** The account's short-link hosts: tabs showing one of its short links are left out. */
  hosts: AccountHosts;
  /** The popup's tab when it runs in one (`?tab=ID`): its window is shortened. */
  tabId: number | undefined;
  onBack: () => void;
}) {
  const [stage, setStage] = useState<Stage>('asking');
  const [pages, setPages] = useState<TabPage[]>([]);
  const [leftOut, setLeftOut] = useState<{ count: number; named: string }>();
  const [results, setResults] = useState<(TabResult | undefined)[]>([]);
  const [waitingMs, setWaitingMs] = useState<number>();
  const lifetime = useRef<AbortController>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  // The account's links to the pages, asked of the background once per run (askOnce).
  const known = useRef<Awaited<ReturnType<typeof askOnce>>>(undefined);
  const askAbout = async (pageUrls: readonly string[]) => {
    known.current = await askOnce(pageUrls, {
      removeTracking: settings.removeTracking,
      linksTo: (addresses) => requestLinksForPage(addresses, account.id),
    });
  };

  const shortenOne: ShortenOne = async (page, { lookFirst }) => {
    const made = await linkForPage(page, {
      account,
      removeTracking: settings.removeTracking,
      reuse: lookFirst || settings.reuseExisting,
      linksTo: (addresses) => known.current?.(addresses) ?? Promise.resolve([]),
      customDomains: hosts.customDomains,
      domain,
      signal: lifetime.current?.signal,
    });
    if (!made.reused) known.current?.add(made.link);
    return made;
  };

  const progress = {
    shortenOne,
    signal: undefined as AbortSignal | undefined,
    onResult: (result: TabResult, index: number) => {
      setWaitingMs(undefined);
      setResults((current) => {
        const next = [...current];
        next[index] = result;
        return next;
      });
    },
    onWait: (milliseconds: number) => setWaitingMs(milliseconds),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the view opens.
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    heading.current?.focus();
    void (async () => {
      const granted = await permission.catch(() => false);
      if (controller.signal.aborted) return;
      if (!granted) {
        setStage('refused');
        return;
      }
      const tabs = await tabsOfWindow(tabId);
      const found = pagesOfTabs(tabs, hosts);
      if (controller.signal.aborted) return;
      setPages(found.pages);
      setLeftOut(
        leftOutTabs(
          tabs,
          found.pages.map((page) => page.url),
        ),
      );
      setResults(new Array(found.pages.length).fill(undefined));
      if (found.pages.length === 0) {
        setStage('none');
        return;
      }
      setStage('running');
      if (settings.reuseExisting) await askAbout(found.pages.map((page) => page.url));
      await shortenTabs(found.pages, { ...progress, signal: controller.signal }).catch(() => {});
      if (!controller.signal.aborted) setStage('done');
    })();
    return () => controller.abort();
  }, []);

  const retry = async () => {
    const signal = lifetime.current?.signal;
    const before = results.filter((result): result is TabResult => result !== undefined);
    if (before.length !== pages.length) return;
    setStage('running');
    setResults(results.map((result) => (result?.status === 'failed' ? undefined : result)));
    await retryFailures(before, {
      ...progress,
      signal,
      // The background lists the links afresh, then they are asked for once.
      refreshLinks: async () => {
        await requestLinksRefresh(account.id);
        await askAbout(before.map((result) => result.page.url));
      },
    }).catch(() => {});
    if (!signal?.aborted) setStage('done');
  };

  const shortened = results.flatMap((result) =>
    result?.status === 'shortened'
      ? [
          {
            shortUrl: result.link.shortUrl,
            title: result.link.title || (result.page.title ?? ''),
            destinationUrl: result.link.destinationUrl,
            page: result.page,
            reused: result.reused,
          },
        ]
      : [],
  );
  const failed = results.filter(
    (result): result is Extract<TabResult, { status: 'failed' }> => result?.status === 'failed',
  );
  const finished = results.filter(Boolean).length;

  const done = formatNumber(shortened.length);
  const all = formatNumber(pages.length);
  let said: string;
  if (stage === 'asking') said = t('tabsAsking');
  else if (stage === 'refused') said = '';
  else if (stage === 'none') said = t('tabsNone');
  else if (stage === 'running' && waitingMs !== undefined)
    said = t('tabsWaiting', done, all, formatNumber(Math.ceil(waitingMs / 1000)));
  else if (stage === 'running') said = t('tabsRunning', done, all);
  else if (failed.length > 0) said = plural('tabsDoneFailed', failed.length, done, all);
  else said = t('tabsDone', done, all);

  return (
    <section
      className="all-tabs"
      aria-labelledby="all-tabs-heading"
      aria-busy={stage === 'running'}
    >
      <h2 id="all-tabs-heading" ref={heading} tabIndex={-1}>
        {t('tabsHeading')}
      </h2>
      {stage === 'refused' ? (
        <div className="notice" role="alert">
          <p>{t('tabsRefused')}</p>
          <p>{t('tabsRefusedAgain')}</p>
        </div>
      ) : (
        <p className="tabs-progress" role="status">
          {said}
        </p>
      )}
      {stage === 'running' && (
        <progress max={pages.length} value={finished} aria-label={t('tabsProgressLabel')} />
      )}
      {leftOut && leftOut.count > 0 && stage !== 'asking' && (
        <p className="hint">{plural('tabsLeftOut', leftOut.count, leftOut.named)}</p>
      )}
      {shortened.length > 0 && stage === 'done' && (
        <div className="row copy-formats list-formats">
          {LIST_FORMATS.map((format, index) => (
            <CopyButton
              key={format}
              text={formatLinkList(format, shortened)}
              label={t(LIST_FORMAT_BUTTONS[format])}
              className={index === 0 ? 'primary' : undefined}
            />
          ))}
        </div>
      )}
      {shortened.length > 0 && (
        <ul className="tab-links" aria-label={t('tabsShortLinks')}>
          {shortened.map((link) => (
            <li key={link.page.url}>
              <ShortLink
                shortUrl={link.shortUrl}
                label={{ text: pageName(link.page), title: link.page.url }}
                reused={link.reused}
              />
            </li>
          ))}
        </ul>
      )}
      {failed.length > 0 && (
        <section className="notice error tab-failures" aria-labelledby="tab-failures-heading">
          <h3 id="tab-failures-heading">{t('tabsNotShortened')}</h3>
          <ul>
            {failed.map(({ page, error }) => {
              const { message, advice } = describeApiError(error);
              // "Correct what you entered" speaks of a form: nothing was typed for a tab.
              const advised = !(isApiError(error) && error.kind === 'invalid_input');
              return (
                <li key={page.url}>
                  <span className="tab-title" dir="auto" title={page.url}>
                    {pageName(page)}
                  </span>
                  <span>
                    {message} {advised && advice !== message && advice}
                  </span>
                </li>
              );
            })}
          </ul>
          {stage === 'done' && (
            <button type="button" onClick={retry}>
              {t('tabsRetryFailed')}
            </button>
          )}
        </section>
      )}
      <button type="button" className="back" onClick={onBack}>
        {t('tabsBack')}
      </button>
    </section>
  );
}
