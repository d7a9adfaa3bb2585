import { lazy, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { AccountSelect } from '../../components/account/AccountSelect.tsx';
import { ShortenForm } from '../../components/shorten/ShortenForm.tsx';
import { Brand } from '../../components/ui/Brand.tsx';
import type { PageToShorten } from '../../lib/browser/active-tab.ts';
import { requestTabsPermission } from '../../lib/browser/window-tabs.ts';
import { t } from '../../lib/i18n/t.ts';
import { defaultShortHost } from '../../lib/links/short-link-of-account.ts';
import { isConfigured } from '../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../lib/settings/settings.ts';
import { unshortenableReason } from '../../lib/wording/link-words.ts';
import { ForThisPage } from './ForThisPage.tsx';
import { formIsDrawn, Later, later } from './load-later.tsx';
import { ShortenOutcome } from './ShortenOutcome.tsx';
import { useOutcome } from './use-outcome.ts';
import { usePageLinks } from './use-page-links.ts';
import { usePopupAccount } from './use-popup-account.ts';
import { useShortenForm } from './use-shorten-form.ts';

// Everything the form does not need to be drawn comes in one chunk, asked for once it is drawn.
const TrackingNote = lazy(async () => ({ default: (await later()).TrackingNote }));
const ShortcutsFooter = lazy(async () => ({ default: (await later()).ShortcutsFooter }));
const UtmDisclosure = lazy(async () => ({ default: (await later()).UtmDisclosure }));
const LinkOptions = lazy(async () => ({ default: (await later()).LinkOptions }));
const TagsField = lazy(async () => ({ default: (await later()).TagsField }));
// "Shorten all tabs" and its list formats: only when the button is pressed.
const AllTabs = lazy(async () => ({ default: (await import('./AllTabs.tsx')).AllTabs }));

// The Accounts section: where a key is added or mended, whichever section was shown last.
const openSettings = () =>
  void browser.tabs.create({ url: browser.runtime.getURL('/options.html#accounts') });

/** What the popup starts from (early-start.ts): the settings and the page, read before it is drawn. */
export type PopupStart = readonly [Settings, PageToShorten];

/**
 * The popup, drawn once its settings and page are known (main.tsx waits for them, a millisecond or
 * two), so that its first render is the filled form rather than an empty one filled a render later.
 * It composes the form (use-shorten-form.ts), what the account already has for the page
 * (use-page-links.ts, ForThisPage) and the outcome of Shorten (use-outcome.ts, ShortenOutcome).
 */
export function App({ start }: { start: PopupStart }) {
  const [settings, page] = start;
  const pageProblem = unshortenableReason(page.url);
  const account = usePopupAccount(settings);
  const { chosen } = account;
  const pageLinks = usePageLinks(page);
  const outcome = useOutcome(settings);
  const form = useShortenForm(page, settings, {
    chosen,
    offers: account.offers,
    pageLinks,
    outcome,
  });
  // Parts drawn only once the form is: a lazy part in the first render would ask for its chunk
  // (and add its preload links) before the form is on screen.
  const [formDrawn, setFormDrawn] = useState(false);
  // "Shorten all tabs" pressed: the answer to the permission request made in the click.
  const [allTabs, setAllTabs] = useState<Promise<boolean>>();
  const submitButton = useRef<HTMLButtonElement>(null);

  /** What the popup learns for an account: its domains, and its links to the page. */
  function startAccount(toStart: AccountSettings) {
    form.offerDomain(toStart);
    const opening = account.open(toStart);
    if (!opening) return;
    void pageLinks
      .learn(opening, settings.removeTracking)
      .then((learned) => learned && form.followPage(learned));
    void opening.freshDomains.then((fresh) => fresh && form.keepDomainOn(fresh, toStart));
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the popup opens.
  useEffect(() => {
    // The parts after the form once the browser has painted it.
    formIsDrawn(() => setFormDrawn(true));
    // Enter shortens as soon as the popup is open: focused in the frame that paints the form, since
    // focusing lays the form out, which that frame does anyway; here, it would hold up the commit.
    requestAnimationFrame(() => submitButton.current?.focus());
    startAccount(chosen);
    return account.close;
  }, []);

  /** Another account chosen: its domains, its links to the page and its result; the rest kept. */
  function chooseAccount(id: string) {
    const next = account.choose(id);
    form.accountChanged();
    pageLinks.forget();
    outcome.clear();
    startAccount(next);
  }

  // Shown only with two or more accounts: with one, the popup is as it always was.
  const accountSelect = settings.accounts.length > 1 && (
    <AccountSelect accounts={settings.accounts} value={chosen.id} onChange={chooseAccount} />
  );

  if (!isConfigured(chosen)) {
    return (
      <main className="popup" data-ready>
        <Brand>Short Link</Brand>
        {accountSelect}
        <div className="notice">
          <p>{t('popupNeedsKey')}</p>
          <button type="button" className="primary" onClick={openSettings}>
            {t('openSettings')}
          </button>
        </div>
      </main>
    );
  }

  const { found } = pageLinks;
  const existing = found?.existing ?? [];
  const customDomains = account.domains.map((domain) => domain.domain);
  const shortHost = defaultShortHost(chosen.apiBaseUrl, existing, customDomains);
  const linkMade = outcome.result !== undefined;

  if (allTabs) {
    return (
      <main className="popup" data-ready>
        <Brand>Short Link</Brand>
        <Later>
          <AllTabs
            permission={allTabs}
            account={chosen}
            settings={settings}
            domain={form.fields.domain}
            hosts={{ defaultShortHost: shortHost, customDomains }}
            tabId={page.tabId}
            onBack={() => setAllTabs(undefined)}
          />
        </Later>
      </main>
    );
  }

  return (
    <main className="popup" data-ready>
      <Brand>Short Link</Brand>
      {accountSelect}
      {pageProblem && (
        <p className="notice" role="status">
          {pageProblem} {t('popupTypeAddressInstead')}
        </p>
      )}
      <ForThisPage
        pageLinks={pageLinks}
        copyAs={settings.copyAs}
        accountId={chosen.id}
        title={form.fields.title}
        linkMade={linkMade}
      />
      <ShortenForm
        fields={form.fields}
        errors={form.errors}
        domains={account.domains}
        defaultShortHost={shortHost}
        busy={form.busy}
        submitLabel={existing.length > 0 && !linkMade ? t('popupMakeAnother') : t('shortenSubmit')}
        submitRef={submitButton}
        destinationNote={
          found &&
          found.removed.length > 0 &&
          !found.selfLink && (
            <Later>
              <TrackingNote
                removed={found.removed}
                kept={form.trackingKept}
                onKeep={form.keepTracking}
              />
            </Later>
          )
        }
        onChange={form.change}
        onSubmit={form.submit}
      />
      {formDrawn && (
        <Later>
          <TagsField
            offered={account.offers('tags')}
            account={account.account}
            values={form.tagValues}
            error={form.tagsError}
            onChange={form.setTags}
            onSubmit={form.submit}
          />
        </Later>
      )}
      {formDrawn && (
        <Later>
          <LinkOptions
            offers={account.offers}
            values={form.linkOptions}
            errors={form.optionErrors}
            onChange={form.setLinkOptions}
            onSubmit={form.submit}
          />
        </Later>
      )}
      {formDrawn && (
        <Later>
          <UtmDisclosure
            fields={form.fields}
            values={form.utm}
            onChange={form.setUtm}
            onSubmit={form.submit}
            account={chosen}
            reuseExisting={settings.reuseExisting}
            onFieldErrors={form.setErrors}
          />
        </Later>
      )}
      <ShortenOutcome
        outcome={outcome}
        copyAs={settings.copyAs}
        accountId={chosen.id}
        offer={account.offer}
        iconUrl={page.iconUrl}
        onOpenSettings={openSettings}
        onRetry={form.submit}
        onAllowAccess={form.allowAccess}
      />
      {/* Asked for in the click itself (no await before it): the browser asks the person only then. */}
      <button
        type="button"
        className="all-tabs-button"
        onClick={() => setAllTabs(requestTabsPermission())}
      >
        {t('popupShortenAllTabs')}
      </button>
      {formDrawn && (
        <Later>
          <ShortcutsFooter oneClick={settings.oneClick} />
        </Later>
      )}
    </main>
  );
}
