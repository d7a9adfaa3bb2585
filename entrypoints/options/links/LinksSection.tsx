import './links.css';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useChosenAccount } from '../../../components/account/AccountSelect.tsx';
import { useAccount } from '../../../components/account/use-account.ts';
import { useAccountData } from '../../../components/account/use-account-data.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import type { FinishedDeletion } from '../../../lib/deletions/pending-deletions.ts';
import { formatDate, formatNumber } from '../../../lib/i18n/format.ts';
import { type MessageKey, plural, t } from '../../../lib/i18n/t.ts';
import { isConfigured } from '../../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../../lib/settings/settings.ts';
import {
  describeApiError,
  isFixedInSettings,
  isWorthRetrying,
} from '../../../lib/wording/error-text.ts';
import { ACCOUNTS_SECTION } from '../accounts/AccountsSection.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { loadLinksOnce } from '../early-start.ts';
import { DeleteConfirmText } from './DeleteConfirmText.tsx';
import { DeletionStatuses } from './DeletionStatuses.tsx';
import { EditLinkDialog } from './EditLinkDialog.tsx';
import { KeyboardHelp } from './KeyboardHelp.tsx';
import { LinkDetails } from './LinkDetails.tsx';
import type { RowActions } from './LinkRow.tsx';
import { LinksTable, type LinksTableHandle } from './LinksTable.tsx';
import { filterLinks, LinkSort, searchText, shortUrlHosts, sortLinks } from './link-list.ts';
import { type KeyAction, linkKeyAction, takesKeys } from './links-keys.ts';
import { listCountText } from './links-view.ts';
import { QrDialog } from './QrDialog.tsx';
import { useRecentClicks } from './use-recent-clicks.ts';

// Loaded when "Import links" is pressed.
const ImportDialog = lazy(() =>
  import('./import/ImportDialog.tsx').then((module) => ({ default: module.ImportDialog })),
);

import { SelectAll } from './SelectAll.tsx';
import { useLinksFollowChanges } from './use-links-follow-changes.ts';
import { usePendingDeletions } from './use-pending-deletions.ts';

/** How long a row says "Saved" after its edit. */
const SAVED_FOR_MS = 3_000;

const SORT_NAMES = {
  newest: 'linksSortNewest',
  oldest: 'linksSortOldest',
  'most-clicks': 'linksSortMostClicks',
  trending: 'sortTrending',
  title: 'linksSortTitle',
} as const satisfies Record<LinkSort, MessageKey>;

/** When a list kept on this computer was read, as toLocaleString() writes it, in the UI language. */
const SAVED_AT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

async function downloadCsv(links: readonly Link[]) {
  const { linksToCsv } = await import('./links-csv.ts');
  const url = URL.createObjectURL(new Blob([linksToCsv(links)], { type: 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'links.csv';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** "Retry" on a failure another try may cure (the service down, offline, a timeout). */
function RetryButton({
  error,
  loading,
  onRetry,
}: {
  error: unknown;
  loading: boolean;
  onRetry: () => void;
}) {
  if (!isWorthRetrying(error)) return null;
  return (
    <p>
      <button type="button" onClick={() => !loading && onRetry()} aria-disabled={loading}>
        {t('retry')}
      </button>
    </p>
  );
}

function SettingsLink({ error }: { error: unknown }) {
  if (!isFixedInSettings(error)) return null;
  return (
    <p>
      <a href="#accounts">{t('linksGoToAccounts')}</a>
    </p>
  );
}

export function LinksSection({ settings }: { settings: Settings }) {
  const { chosen, accountSelect } = useChosenAccount(settings, 'links-account');
  if (!isConfigured(chosen)) {
    return (
      <section className="options-section links-section" aria-labelledby="links-heading">
        <h2 id="links-heading">{t('sectionLinks')}</h2>
        {accountSelect}
        <p>{t('linksNotConfigured')}</p>
        <p>
          <a href="#accounts">{t('linksGoToAccounts')}</a>
        </p>
      </section>
    );
  }
  // Another account is another list: its own search, selection and dialogs.
  return <LinksManager key={chosen.id} chosen={chosen} accountSelect={accountSelect} />;
}

function LinksManager({
  chosen,
  accountSelect,
}: {
  chosen: AccountSettings;
  accountSelect: React.ReactNode;
}) {
  const account = useAccount(chosen);
  const list = useAccountData(account).links;
  const { value: links, fetchedAt, loading, error, partOf } = list;
  useEffect(() => loadLinksOnce(account), [account]);
  useLinksFollowChanges(account);
  const refresh = () => void account.refreshLinks().catch(() => {});
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<LinkSort>('newest');
  const [host, setHost] = useState('');
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<string[]>();
  const [editing, setEditing] = useState<Link>();
  const [qrFor, setQrFor] = useState<string>();
  const [detailsFor, setDetailsFor] = useState<string>();
  const [showingKeys, setShowingKeys] = useState(false);
  const [savedShortUrl, setSavedShortUrl] = useState<string>();
  useEffect(() => {
    if (savedShortUrl === undefined) return;
    const timer = setTimeout(() => setSavedShortUrl(undefined), SAVED_FOR_MS);
    return () => clearTimeout(timer);
  }, [savedShortUrl]);
  const [notice, setNotice] = useState<{ message: string; failed?: string[] }>();

  const onDeletionFinished = useCallback(
    ({ shortUrls, failures }: FinishedDeletion) => {
      const failed = new Set(failures.map((failure) => failure.shortUrl));
      // The background changed the cache; the list shown follows at once.
      account.dropLinks(shortUrls.filter((shortUrl) => !failed.has(shortUrl)));
      if (failures.length === 0) return;
      setNotice({
        message:
          failures.length === 1 && shortUrls.length === 1
            ? t('linksNotDeletedOne', failures[0]?.shortUrl ?? '', failures[0]?.reason ?? '')
            : plural('linksNotDeletedSome', failures.length, formatNumber(shortUrls.length)),
        failed:
          shortUrls.length > 1
            ? failures.map((failure) => t('linksFailedLine', failure.shortUrl, failure.reason))
            : undefined,
      });
    },
    [account],
  );
  const deletions = usePendingDeletions(chosen.id, onDeletionFinished);

  const { hidden } = deletions;
  // The links whose deletion waits for its "Undo" time are out of the list meanwhile.
  const all = useMemo(
    () =>
      links && hidden.size > 0 ? links.filter((link) => !hidden.has(link.shortUrl)) : (links ?? []),
    [links, hidden],
  );
  const deferredQuery = useDeferredValue(query);
  // Worked out on the first search, not on opening: most openings never search.
  const searching = deferredQuery.trim() !== '';
  const texts = useMemo(
    () => (searching ? new Map(all.map((link) => [link, searchText(link)])) : undefined),
    [all, searching],
  );
  const hosts = useMemo(() => shortUrlHosts(all), [all]);
  const recent = useRecentClicks(account, sort === 'trending', fetchedAt);
  const sorted = useMemo(() => sortLinks(all, sort, recent), [all, sort, recent]);
  const shown = useMemo(
    () => filterLinks(sorted, deferredQuery, host, texts),
    [sorted, deferredQuery, host, texts],
  );

  const top = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<LinksTableHandle>(null);
  const [topHeight, setTopHeight] = useState(0);
  // The header and filters stay at the top of the window; focus moved by Tab keeps clear of them.
  useLayoutEffect(() => {
    const element = top.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      setTopHeight(height);
      document.documentElement.style.scrollPaddingTop = `${height}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.documentElement.style.scrollPaddingTop = '';
    };
  }, []);
  // Read when the list changes, not on every render: a new time would draw every row again on
  // each keystroke of a search. "2 minutes ago" may lag a little behind the clock meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is when to read the clock.
  const now = useMemo(() => Date.now(), [all]);

  const select = useCallback((shortUrl: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(shortUrl);
      else next.delete(shortUrl);
      return next;
    });
  }, []);

  async function confirmDelete(shortUrls: string[]) {
    setDeleting(undefined);
    setNotice(undefined);
    const gone = new Set(shortUrls);
    setSelected((current) => new Set([...current].filter((shortUrl) => !gone.has(shortUrl))));
    try {
      await deletions.schedule(shortUrls);
    } catch {
      setNotice({
        message:
          shortUrls.length === 1
            ? t('linksBackgroundSilentOne', shortUrls[0] ?? '')
            : plural('linksBackgroundSilent', shortUrls.length),
      });
    }
  }

  // The rows in the page register their copy (the rest is the section's own state), so that the
  // keyboard does what a row's buttons do without looking for them in the page.
  const rowCopies = useRef(new Map<string, () => Promise<void>>());
  const actions = useMemo<RowActions>(
    () => ({
      onSelect: select,
      onDetails: setDetailsFor,
      onQrCode: setQrFor,
      onEdit: setEditing,
      onDelete: setDeleting,
      onCopyReady: (shortUrl, copy) => {
        if (copy) rowCopies.current.set(shortUrl, copy);
        else rowCopies.current.delete(shortUrl);
      },
    }),
    [select],
  );
  const detailed = detailsFor ? all.find((link) => link.shortUrl === detailsFor) : undefined;

  const queryNow = useRef(query);
  queryNow.current = query;
  // What the keyboard acts on: the links as shown and selected now, read when a key is pressed.
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const selectedNow = useRef(selected);
  selectedNow.current = selected;
  useEffect(() => {
    function act(action: KeyAction, row: HTMLElement | null) {
      const index = row ? Number(row.dataset.index) : -1;
      const link = shownNow.current[index];
      switch (action) {
        case 'focus-search':
          searchBox.current?.focus();
          searchBox.current?.select();
          return;
        case 'help':
          setShowingKeys(true);
          return;
        case 'clear-search':
          setQuery('');
          return;
        case 'next':
          table.current?.focusRow(index + 1);
          return;
        case 'previous':
          if (index <= 0) searchBox.current?.focus();
          else table.current?.focusRow(index - 1);
          return;
        case 'copy':
          if (link) void rowCopies.current.get(link.shortUrl)?.();
          return;
        case 'edit':
          if (link) actions.onEdit(link);
          return;
        case 'delete':
          if (link) actions.onDelete([link.shortUrl]);
          return;
        case 'select':
          if (link) actions.onSelect(link.shortUrl, !selectedNow.current.has(link.shortUrl));
          return;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      const focused = document.activeElement;
      const row = focused?.closest<HTMLElement>('.links-list > li') ?? null;
      const action = linkKeyAction(event, {
        dialogOpen: document.querySelector('dialog[open]') !== null,
        inSearch: focused === searchBox.current,
        inField: takesKeys(focused),
        onRow: row !== null && row === focused,
        inRow: row !== null && row !== focused,
        searchHasText: queryNow.current !== '',
        onPage: focused === null || focused === document.body,
      });
      if (!action) return;
      event.preventDefault();
      act(action, row);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actions]);

  const described = error ? describeApiError(error, ACCOUNTS_SECTION) : undefined;

  return (
    <section className="options-section links-section" aria-labelledby="links-heading">
      <div className="links-top" ref={top}>
        <div className="links-heading">
          <h2 id="links-heading">{t('sectionLinks')}</h2>
          <p className="links-count" aria-live="polite">
            {listCountText(!links || links === all ? list : { ...list, value: all }, shown.length)}
          </p>
          <button
            type="button"
            className="icon-button keys-button"
            aria-label={t('linksKeyboardShortcuts')}
            aria-keyshortcuts="?"
            title={t('linksKeyboardShortcutsTip')}
            onClick={() => setShowingKeys(true)}
          >
            ?
          </button>
        </div>
        {accountSelect}
        <div className="links-toolbar">
          <input
            ref={searchBox}
            type="search"
            aria-label={t('linksSearch')}
            placeholder={t('linksSearch')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <label>
            <span className="visually-hidden">{t('linksSortBy')}</span>
            <select
              aria-label={t('linksSortBy')}
              value={sort}
              onChange={(event) => setSort(event.target.value as LinkSort)}
            >
              {LinkSort.map((order) => (
                <option key={order} value={order}>
                  {t(SORT_NAMES[order])}
                </option>
              ))}
            </select>
          </label>
          <select
            aria-label={t('linksShortDomain')}
            value={host}
            onChange={(event) => setHost(event.target.value)}
          >
            <option value="">{t('linksAllDomains')}</option>
            {hosts.map((name) => (
              <option key={name} value={name} dir="ltr">
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="links-toolbar">
          <SelectAll shown={shown} selected={selected} setSelected={setSelected} />
          <button type="button" onClick={refresh} aria-disabled={loading}>
            {loading ? t('refreshing') : t('linksRefresh')}
          </button>
          {/* Not while only the first screen of the cached list is in (a moment at opening). */}
          <button
            type="button"
            onClick={() =>
              partOf === undefined &&
              downloadCsv(
                selected.size > 0 ? all.filter((link) => selected.has(link.shortUrl)) : shown,
              )
            }
            aria-disabled={partOf !== undefined}
          >
            {selected.size > 0 ? plural('linksExportSelected', selected.size) : t('linksExportCsv')}
          </button>
          <button type="button" onClick={() => setImporting(true)}>
            {t('linksImportButton')}
          </button>
          {selected.size > 0 && (
            <button type="button" className="danger" onClick={() => setDeleting([...selected])}>
              {plural('linksDeleteSelected', selected.size)}
            </button>
          )}
        </div>
        <div role="status" className="status">
          {described && links && (
            <div className="notice error">
              <p>
                {fetchedAt
                  ? t(
                      'linksShowingSavedAt',
                      formatDate(new Date(fetchedAt), SAVED_AT),
                      described.message,
                    )
                  : t('linksShowingSavedEarlier', described.message)}
              </p>
              {described.advice !== described.message && <p>{described.advice}</p>}
              <SettingsLink error={error} />
              <RetryButton error={error} loading={loading} onRetry={refresh} />
            </div>
          )}
          {described && !links && (
            <div className="notice error">
              {/* Sentences one after the other: the service's own message may hold a colon. */}
              <p>{t('linksCouldNotLoad', described.message)}</p>
              {described.advice !== described.message && <p>{described.advice}</p>}
              <SettingsLink error={error} />
              <RetryButton error={error} loading={loading} onRetry={refresh} />
            </div>
          )}
          <DeletionStatuses statuses={deletions.statuses} onUndo={deletions.undo} />
          {notice && (
            <div className="notice error">
              <p>{notice.message}</p>
              {notice.failed && (
                <ul>
                  {notice.failed.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </div>
      {links && shown.length === 0 && (
        <p className="links-empty">{all.length === 0 ? t('linksNoneYet') : t('linksNoneMatch')}</p>
      )}
      <LinksTable
        links={shown}
        now={now}
        selected={selected}
        savedShortUrl={savedShortUrl}
        actions={actions}
        headerHeight={topHeight}
        handle={table}
      />
      {deleting && (
        <ConfirmDialog
          title={
            deleting.length === 1
              ? t('linksDeleteOneTitle')
              : plural('linksDeleteTitle', deleting.length)
          }
          confirmLabel={t('linksDelete')}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(undefined)}
        >
          <DeleteConfirmText shortUrls={deleting} />
        </ConfirmDialog>
      )}
      {showingKeys && <KeyboardHelp onClose={() => setShowingKeys(false)} />}
      {detailed && (
        <LinkDetails link={detailed} account={account} onClose={() => setDetailsFor(undefined)} />
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog account={account} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {qrFor && (
        <QrDialog
          shortUrl={qrFor}
          accountId={account.connection.id}
          onClose={() => setQrFor(undefined)}
        />
      )}
      {editing && (
        <EditLinkDialog
          link={editing}
          account={account}
          onClose={() => setEditing(undefined)}
          onSaved={setSavedShortUrl}
        />
      )}
    </section>
  );
}
