import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { AccountSelect } from '../../components/account/AccountSelect.tsx';
import { useAccountData } from '../../components/account/use-account-data.ts';
import {
  type FieldErrors,
  type ShortenFields,
  ShortenForm,
} from '../../components/shorten/ShortenForm.tsx';
import { Brand } from '../../components/ui/Brand.tsx';
import type { Account } from '../../lib/account/account.ts';
import type { Link } from '../../lib/api/schemas.ts';
import type { PageToShorten } from '../../lib/browser/active-tab.ts';
import { requestHostPermission } from '../../lib/browser/host-permission.ts';
import { requestTabsPermission } from '../../lib/browser/window-tabs.ts';
import type { UtmValues } from '../../lib/campaigns/utm.ts';
import { t } from '../../lib/i18n/t.ts';
import { defaultShortHost } from '../../lib/links/short-link-of-account.ts';
import { cutTitle } from '../../lib/links/title.ts';
import { unshortenableReason } from '../../lib/links/unshortenable.ts';
import type { PageLinks as PageFacts } from '../../lib/page-link/link-for-page.ts';
import { accountOrDefault, isConfigured } from '../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../lib/settings/settings.ts';

// Everything the form does not need to be drawn comes in one chunk, asked for once it is drawn.
const later = () => import('./later.ts');
const ExistingLinks = lazy(async () => ({ default: (await later()).ExistingLinks }));
const SelfShortLink = lazy(async () => ({ default: (await later()).SelfShortLink }));
const DeclaredShortLink = lazy(async () => ({ default: (await later()).DeclaredShortLink }));
const TrackingNote = lazy(async () => ({ default: (await later()).TrackingNote }));
const ErrorNotice = lazy(async () => ({ default: (await later()).ErrorNotice }));
const ShortenResult = lazy(async () => ({ default: (await later()).ShortenResult }));
const ShortcutsFooter = lazy(async () => ({ default: (await later()).ShortcutsFooter }));
const UtmDisclosure = lazy(async () => ({ default: (await later()).UtmDisclosure }));
// "Shorten all tabs" and its list formats: only when the button is pressed.
const AllTabs = lazy(async () => ({ default: (await import('./AllTabs.tsx')).AllTabs }));

/** A part of the popup drawn once its code has arrived; nothing in its place before. */
const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);

// The Accounts section: where a key is added or mended, whichever section was shown last.
const openSettings = () =>
  void browser.tabs.create({ url: browser.runtime.getURL('/options.html#accounts') });
const NO_DOMAINS: never[] = [];

const NO_FACTS: PageFacts = { pageUrl: '', destination: '', removed: [], existing: [] };

/** What the popup starts from (early-start.ts): the settings and the page, read before it is drawn. */
export type PopupStart = readonly [Settings, PageToShorten];

/** The form as the popup first draws it: filled from the page, unless it cannot be shortened. */
function firstFields([, page]: PopupStart): ShortenFields {
  const problem = unshortenableReason(page.url);
  return {
    destinationUrl: problem ? '' : page.url,
    title: problem ? '' : cutTitle(page.title),
    backHalf: '',
    domain: '',
  };
}

/**
 * The popup, drawn once its settings and page are known (main.tsx waits for them, a millisecond or
 * two), so that its first render is the filled form rather than an empty one filled a render later.
 */
export function App({ start }: { start: PopupStart }) {
  const settings = start[0];
  // The account this popup shortens with: the last one used here, else the default one.
  const [accountId, setAccountId] = useState<string | undefined>(start[0].popupAccountId);
  const page: PageToShorten = start[1];
  const [fields, setFields] = useState<ShortenFields>(() => firstFields(start));
  const [errors, setErrors] = useState<FieldErrors>({});
  const pageProblem = unshortenableReason(page.url);
  const [facts, setFacts] = useState<PageFacts>();
  const [trackingKept, setTrackingKept] = useState(false);
  const [declared, setDeclared] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ link: Link; copied: boolean }>();
  // Settles once the filled form is on screen: the rest of the popup's code is asked for then, so
  // that it never competes with drawing the form.
  const drawn = useRef(Promise.withResolvers<void>());
  // Parts drawn only once the form is: a lazy part in the first render would ask for its chunk
  // (and add its preload links) before the form is on screen.
  const [formDrawn, setFormDrawn] = useState(false);
  const laterOnceDrawn = () => drawn.current.promise.then(later);
  // "Shorten all tabs" pressed: the answer to the permission request made in the click.
  const [allTabs, setAllTabs] = useState<Promise<boolean>>();
  // Fields the person has typed in are never overwritten by what arrives later.
  const typed = useRef(new Set<keyof ShortenFields>());
  const chosen = accountOrDefault(settings, accountId);
  // The chosen account, opened once the account layer has arrived with the rest of the code.
  const [account, setAccount] = useState<Account>();
  const domains = useAccountData(account).domains.value ?? NO_DOMAINS;
  // Answers that arrive for an account the person has since left are dropped.
  const accountRun = useRef(0);
  const submitButton = useRef<HTMLButtonElement>(null);
  // "Shorten" pressed before the page's facts are in waits for them.
  const factsAnswer = useRef<Promise<PageFacts>>(Promise.resolve(NO_FACTS));
  // The same input shortened twice in one popup gives the link made the first time.
  const lastCreated = useRef<{ key: string; link: Link }>(undefined);
  // Whether the link the page already has takes the focus: only when it arrives before the person
  // has typed or clicked anything, or when Enter asked for it (see submit).
  const [focusExisting, setFocusExisting] = useState(false);
  const touched = useRef(false);
  // "UTM parameters", once typed in.
  const [utm, setUtm] = useState<UtmValues>();

  const fillUntyped = (values: Partial<ShortenFields>) =>
    setFields((current) => {
      const next = { ...current };
      for (const [key, value] of Object.entries(values) as [keyof ShortenFields, string][]) {
        if (!typed.current.has(key)) next[key] = value;
      }
      return next;
    });

  /** What the popup learns for an account: its domains, and its links to the page. */
  async function startAccount(loaded: Settings, page: PageToShorten, chosen: AccountSettings) {
    const run = ++accountRun.current;
    const live = () => run === accountRun.current;
    const problem = unshortenableReason(page.url);
    fillUntyped({ domain: chosen.lastDomain ?? chosen.defaultDomain });
    if (!isConfigured(chosen)) return;
    // The account layer comes with the rest of the popup's code, once the form is drawn.
    const opened = laterOnceDrawn().then((code) => ({ code, account: code.openAccount(chosen) }));
    const cachedDomains = opened.then(({ account }) => account.cachedDomains());
    if (!problem) {
      // Set at once, so that "Shorten" pressed from now on waits for these facts.
      factsAnswer.current = Promise.all([opened, cachedDomains]).then(([{ code }, cached]) =>
        code.findPageLinks(page.url, {
          account: chosen,
          removeTracking: loaded.removeTracking,
          linksTo: (addresses) => code.requestLinksForPage(addresses, chosen.id),
          customDomains: (cached?.value ?? []).map((domain) => domain.domain),
        }),
      );
      void factsAnswer.current.then((learned) => {
        if (!live()) return;
        setFacts(learned);
        if (learned.selfLink || learned.noLink) fillUntyped({ destinationUrl: '', title: '' });
        else fillUntyped({ destinationUrl: learned.destination });
        setFocusExisting(
          !touched.current && (learned.existing.length > 0 || learned.selfLink !== undefined),
        );
      });
    }
    const { account } = await opened;
    if (!live()) return;
    setAccount(account);
    // Cached at once, refreshed behind the form; a failure here shows when the person shortens.
    const fresh = await account.loadDomains({ readCache: () => cachedDomains });
    if (!live() || !fresh) return;
    // A remembered domain the account no longer has would only fail: fall back to the
    // default domain, then to the service's own.
    const onAccount = (host: string) =>
      host === '' || fresh.some((domain) => domain.domain === host);
    setFields((current) =>
      typed.current.has('domain') || onAccount(current.domain)
        ? current
        : { ...current, domain: onAccount(chosen.defaultDomain) ? chosen.defaultDomain : '' },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the popup opens.
  useEffect(() => {
    let live = true;
    // Passive effects run after the browser has painted the first render: the filled form.
    drawn.current.resolve();
    setFormDrawn(true);
    const [loaded] = start;
    // Enter shortens as soon as the popup is open.
    submitButton.current?.focus();
    // From the first key or click on, the focus is the person's: a link arriving later (its part
    // is drawn a moment after it is known) must not take it mid-word.
    const touch = () => {
      touched.current = true;
      setFocusExisting(false);
    };
    const touchEvents = ['keydown', 'pointerdown'] as const;
    for (const type of touchEvents) document.addEventListener(type, touch, { capture: true });
    if (!pageProblem && page.tabId !== undefined) {
      const { tabId, url } = page;
      void laterOnceDrawn()
        .then(({ readDeclaredShortlink }) => readDeclaredShortlink(tabId, url))
        .then((shortUrl) => live && setDeclared(shortUrl));
    }
    void startAccount(loaded, page, accountOrDefault(loaded, loaded.popupAccountId));
    return () => {
      live = false;
      accountRun.current++;
      for (const type of touchEvents) document.removeEventListener(type, touch, { capture: true });
    };
  }, []);

  /** Another account chosen: its domains, its links to the page and its result; the rest kept. */
  function chooseAccount(id: string) {
    setAccountId(id);
    setAccount(undefined);
    void later().then(({ saveSettings }) => saveSettings({ popupAccountId: id }));
    typed.current.delete('domain');
    setFacts(undefined);
    factsAnswer.current = Promise.resolve(NO_FACTS);
    setResult(undefined);
    setFailure(undefined);
    setErrors({});
    setFocusExisting(false);
    void startAccount(settings, page, accountOrDefault(settings, id));
  }

  /** The page's title goes with the page's address: another destination is another page. */
  const titleFor = (destinationUrl: string) => {
    const address = destinationUrl.trim();
    const ofPage = address !== '' && [page.url, facts?.destination].includes(address);
    return ofPage ? firstFields(start).title : '';
  };

  const change = (changes: Partial<ShortenFields>) => {
    for (const key of Object.keys(changes) as (keyof ShortenFields)[]) typed.current.add(key);
    const { destinationUrl } = changes;
    const untypedTitle =
      destinationUrl !== undefined && !typed.current.has('title')
        ? { title: titleFor(destinationUrl) }
        : {};
    setFields((current) => ({ ...current, ...untypedTitle, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes) as (keyof ShortenFields)[]) delete next[key];
      return next;
    });
    const { backHalf } = changes;
    // Checked as typed, by the rule in the rest of the code (there long before anyone types).
    if (backHalf !== undefined) {
      void later().then(({ backHalfProblem }) =>
        setErrors((current) => ({ ...current, backHalf: backHalfProblem(backHalf) })),
      );
    }
  };

  const keepTracking = (keep: boolean) => {
    if (!facts) return;
    setTrackingKept(keep);
    change({ destinationUrl: keep ? page.url : facts.destination });
  };

  // Asked for in the click itself (no await before it), then the shorten is tried again.
  const allowAccess = () => {
    void requestHostPermission(chosen.apiBaseUrl).then((granted) => {
      if (granted) void submit();
    });
  };

  const submit = async () => {
    const {
      checkFields,
      shorten,
      writeClipboard,
      formatForCopy,
      isApiError,
      apiErrorMessage,
      WIRE_TO_FORM,
    } = await later();
    // A new attempt: what the last one said (its link, "Copied", its failure) is over.
    setFailure(undefined);
    setResult(undefined);
    const { campaignLink, isTagged, taggedProblems } = await later();
    const checked = checkFields(fields);
    const problems = 'errors' in checked ? checked.errors : taggedProblems(checked.input, utm);
    if (problems) {
      setErrors(problems);
      return;
    }
    if (!('input' in checked)) return;
    const { input } = checked;
    // The address as it will be shortened, in the field too: "example.com" became https://….
    if (input.destinationUrl !== fields.destinationUrl) {
      setFields((current) => ({ ...current, destinationUrl: input.destinationUrl }));
    }
    const key = JSON.stringify([chosen.id, input, utm]);
    if (lastCreated.current?.key === key) {
      setResult({ link: lastCreated.current.link, copied: false });
      return;
    }
    setBusy(true);
    try {
      // Never a silent duplicate: when the page's links were not known yet, they are first.
      if (!facts && !isTagged(utm)) {
        const learned = await factsAnswer.current;
        const forThisPage = [page.url, learned.destination].includes(input.destinationUrl);
        if (forThisPage && (learned.existing.length > 0 || learned.selfLink || learned.noLink)) {
          setFacts(learned);
          setFocusExisting(true);
          return;
        }
      }
      const link = isTagged(utm)
        ? await campaignLink(input, utm, chosen, settings)
        : await shorten(input, { account: chosen, rememberDomain: true });
      lastCreated.current = { key, link };
      const copied = settings.autoCopy
        ? await writeClipboard(formatForCopy(settings.copyAs, link)).then(
            () => true,
            () => false,
          )
        : false;
      setResult({ link, copied });
    } catch (error) {
      const field = isApiError(error) && error.field ? WIRE_TO_FORM[error.field] : undefined;
      const onField =
        isApiError(error) && (error.kind === 'back_half_taken' || error.kind === 'invalid_input');
      if (onField && field) setErrors({ [field]: apiErrorMessage(error) });
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  // Shown only with two or more accounts: with one, the popup is as it always was.
  const accountSelect = settings.accounts.length > 1 && (
    <AccountSelect accounts={settings.accounts} value={chosen.id} onChange={chooseAccount} />
  );

  // Asked for in the click itself (no await before it): the browser asks the person only then.
  const shortenAllTabs = () => setAllTabs(requestTabsPermission());

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

  const copyAs = settings.copyAs;
  const existing = facts?.existing ?? [];
  const shortHost = defaultShortHost(
    chosen.apiBaseUrl,
    existing,
    domains.map((domain) => domain.domain),
  );
  const tracked = facts && facts.removed.length > 0 && !facts.selfLink;

  const customDomains = domains.map((domain) => domain.domain);

  if (allTabs) {
    return (
      <main className="popup" data-ready>
        <Brand>Short Link</Brand>
        <Later>
          <AllTabs
            permission={allTabs}
            account={chosen}
            settings={settings}
            domain={fields.domain}
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
      {facts?.noLink && (
        <p className="notice" role="status">
          {t('popupNoLinkOnShortDomain')}
        </p>
      )}
      <Later>
        {facts?.selfLink && (
          <SelfShortLink link={facts.selfLink} copyAs={copyAs} focusCopy={focusExisting} />
        )}
        {existing.length > 0 && !result && (
          <ExistingLinks
            links={existing}
            copyAs={copyAs}
            focusFirst={focusExisting}
            accountId={chosen.id}
          />
        )}
        {declared && !facts?.selfLink && (
          <DeclaredShortLink shortUrl={declared} title={fields.title} />
        )}
      </Later>
      <ShortenForm
        fields={fields}
        errors={errors}
        domains={domains}
        defaultShortHost={shortHost}
        busy={busy}
        submitLabel={existing.length > 0 && !result ? t('popupMakeAnother') : t('shortenSubmit')}
        submitRef={submitButton}
        destinationNote={
          tracked && (
            <Later>
              <TrackingNote removed={facts.removed} kept={trackingKept} onKeep={keepTracking} />
            </Later>
          )
        }
        onChange={change}
        onSubmit={submit}
      />
      {formDrawn && (
        <Later>
          <UtmDisclosure
            fields={fields}
            values={utm}
            onChange={setUtm}
            onSubmit={submit}
            account={chosen}
            reuseExisting={settings.reuseExisting}
            onFieldErrors={setErrors}
          />
        </Later>
      )}
      <Later>
        {failure !== undefined && (
          <ErrorNotice
            error={failure}
            onOpenSettings={openSettings}
            onRetry={submit}
            onAllowAccess={allowAccess}
          />
        )}
        {result && (
          <ShortenResult
            link={result.link}
            copied={result.copied}
            copyAs={copyAs}
            focusCopy
            accountId={chosen.id}
            siteIcon={{ url: page.iconUrl }}
          />
        )}
      </Later>
      <button type="button" className="all-tabs-button" onClick={shortenAllTabs}>
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
