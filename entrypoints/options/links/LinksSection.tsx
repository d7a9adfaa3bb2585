import './links.css';
import './link-dialogs.css';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useChosenAccount } from '../../../components/account/AccountSelect.tsx';
import { useAccount } from '../../../components/account/use-account.ts';
import { useAccountData } from '../../../components/account/use-account-data.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { plural, t } from '../../../lib/i18n/t.ts';
import { isConfigured } from '../../../lib/settings/account-choice.ts';
import type { AccountSettings, Settings } from '../../../lib/settings/settings.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { loadLinksOnce } from '../early-start.ts';
import { DeleteConfirmText } from './DeleteConfirmText.tsx';
import { takeDetailsRequest } from './details-request.ts';
import { EditLinkDialog } from './EditLinkDialog.tsx';
import { BrowserChecksContext } from './health/browser-checks-context.ts';
import { CheckDestinations } from './health/CheckDestinations.tsx';
import { CheckSelected } from './health/CheckSelected.tsx';
import { useBrowserChecks } from './health/use-browser-checks.ts';
import { KeyboardHelp } from './KeyboardHelp.tsx';
import { LinkDetails } from './LinkDetails.tsx';
import type { RowActions } from './LinkRow.tsx';
import { LinksStatus } from './LinksStatus.tsx';
import { LinksTable, type LinksTableHandle } from './LinksTable.tsx';
import { LinksToolbar } from './LinksToolbar.tsx';
import { QrDialog } from './QrDialog.tsx';
import { BulkDialog, BulkStatusLine } from './tags/BulkDialog.tsx';
import { useBulkEdit } from './tags/use-bulk-edit.ts';
import { useLinkDeletions } from './use-link-deletions.ts';
import { useLinkSelection } from './use-link-selection.ts';
import { useLinksFollowChanges } from './use-links-follow-changes.ts';
import { useLinksKeyboard } from './use-links-keyboard.ts';
import { useLinksList } from './use-links-list.ts';
import { useStickyHeight } from './use-sticky-height.ts';

// Loaded when "Import links" is pressed.
const ImportDialog = lazy(() =>
  import('./import/ImportDialog.tsx').then((module) => ({ default: module.ImportDialog })),
);

/** How long a row says "Saved" after its edit. */
const SAVED_FOR_MS = 3_000;

export function LinksSection({ settings }: { settings: Settings }) {
  const [detailsRequest] = useState(takeDetailsRequest);
  const { chosen, accountSelect } = useChosenAccount(
    settings,
    'links-account',
    detailsRequest?.accountId,
  );
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
  return (
    <LinksManager
      key={chosen.id}
      chosen={chosen}
      accountSelect={accountSelect}
      firstDetails={detailsRequest?.accountId === chosen.id ? detailsRequest.shortUrl : undefined}
    />
  );
}

function LinksManager({
  chosen,
  accountSelect,
  firstDetails,
}: {
  chosen: AccountSettings;
  accountSelect: React.ReactNode;
  /** A link whose details another section asked to open (details-request.ts). */
  firstDetails?: string;
}) {
  const account = useAccount(chosen);
  const accountData = useAccountData(account);
  const snapshot = accountData.links;
  useEffect(() => loadLinksOnce(account), [account]);
  // What the service offers (the rows' ends): the cached offer, else read once, after the list.
  useEffect(() => void account.serviceOffer().catch(() => {}), [account]);
  useLinksFollowChanges(account);
  const refresh = () => void account.refreshLinks({ fresh: true }).catch(() => {});
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<string[]>();
  const [editing, setEditing] = useState<Link>();
  const [qrFor, setQrFor] = useState<string>();
  const [detailsFor, setDetailsFor] = useState(firstDetails);
  const [showingKeys, setShowingKeys] = useState(false);
  const [savedShortUrl, setSavedShortUrl] = useState<string>();
  useEffect(() => {
    if (savedShortUrl === undefined) return;
    const timer = setTimeout(() => setSavedShortUrl(undefined), SAVED_FOR_MS);
    return () => clearTimeout(timer);
  }, [savedShortUrl]);

  const deletions = useLinkDeletions(account);
  const browserChecks = useBrowserChecks(account, accountData.offer.value);
  const list = useLinksList(
    account,
    snapshot,
    deletions.hidden,
    accountData.offer.value,
    browserChecks.checks,
  );
  const selection = useLinkSelection(list.all, list.shown);
  const bulk = useBulkEdit(account, accountData.offer.value, list.all, selection.selected);
  const { top, height: topHeight } = useStickyHeight();
  const searchBox = useRef<HTMLInputElement>(null);
  const table = useRef<LinksTableHandle>(null);

  function confirmDelete(shortUrls: string[]) {
    setDeleting(undefined);
    selection.unselect(shortUrls);
    void deletions.deleteLinks(shortUrls);
  }

  // The rows in the page register their copy (the rest is the section's own state), so that the
  // keyboard does what a row's buttons do without looking for them in the page.
  const rowCopies = useRef(new Map<string, () => Promise<void>>());
  const actions = useMemo<RowActions>(
    () => ({
      onSelect: selection.select,
      onDetails: setDetailsFor,
      onQrCode: setQrFor,
      onEdit: setEditing,
      onDelete: setDeleting,
      onCopyReady: (shortUrl, copy) => {
        if (copy) rowCopies.current.set(shortUrl, copy);
        else rowCopies.current.delete(shortUrl);
      },
    }),
    [selection.select],
  );
  useLinksKeyboard({
    shown: list.shown,
    selected: selection.selected,
    query: list.query,
    setQuery: list.setQuery,
    searchBox,
    table,
    actions,
    rowCopies: rowCopies.current,
    onHelp: () => setShowingKeys(true),
    onTag: () => bulk.open('add-tag'),
  });
  const detailed = detailsFor ? list.all.find((link) => link.shortUrl === detailsFor) : undefined;

  return (
    <BrowserChecksContext value={browserChecks.checks}>
      <section className="options-section links-section" aria-labelledby="links-heading">
        <div className="links-top" ref={top}>
          <div className="links-heading">
            <h2 id="links-heading">{t('sectionLinks')}</h2>
            <p className="links-count" aria-live="polite">
              {list.countText}
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
          <LinksToolbar
            list={list}
            selection={selection}
            searchBox={searchBox}
            loading={snapshot.loading}
            partOf={snapshot.partOf}
            onRefresh={refresh}
            onImport={() => setImporting(true)}
            onDelete={setDeleting}
            readOffer={() => account.serviceOffer().catch(() => undefined)}
            bulkActions={
              <>
                <CheckSelected
                  account={account}
                  offer={accountData.offer.value}
                  selected={selection.selected}
                />
                <CheckDestinations
                  browserChecks={browserChecks}
                  links={selection.selected.size > 0 ? selection.toExport() : list.all}
                />
              </>
            }
            bulk={bulk}
          />
          <LinksStatus
            list={snapshot}
            onRetry={refresh}
            deletionStatuses={deletions.statuses}
            onUndo={deletions.undo}
            notice={deletions.notice}
          />
          <BulkStatusLine bulk={bulk} />
        </div>
        {snapshot.value && list.shown.length === 0 && (
          <p className="links-empty">
            {list.all.length === 0 ? t('linksNoneYet') : t('linksNoneMatch')}
          </p>
        )}
        <LinksTable
          offer={accountData.offer.value}
          links={list.shown}
          now={list.now}
          selected={selection.selected}
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
        <BulkDialog bulk={bulk} all={list.all} selected={selection.selected} />
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
            offer={accountData.offer.value}
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
    </BrowserChecksContext>
  );
}
