import './links-toolbar.css';
import type { RefObject } from 'react';
import type { Link } from '../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../lib/api/service-offer.ts';
import { type MessageKey, plural, t } from '../../../lib/i18n/t.ts';
import { shortHostShown } from '../../../lib/links/short-link-of-account.ts';
import { LinkSort } from './link-list.ts';
import { SelectAll } from './SelectAll.tsx';
import { BulkButtons } from './tags/BulkDialog.tsx';
import { TagFilter } from './tags/TagFilter.tsx';
import type { BulkEdit } from './tags/use-bulk-edit.ts';
import type { LinkSelection } from './use-link-selection.ts';
import type { LinksList } from './use-links-list.ts';

const SORT_NAMES = {
  newest: 'linksSortNewest',
  oldest: 'linksSortOldest',
  'most-clicks': 'linksSortMostClicks',
  trending: 'sortTrending',
  title: 'linksSortTitle',
} as const satisfies Record<LinkSort, MessageKey>;

/** `readOffer`: the service's offer, awaited, so that its columns do not depend on timing. */
async function downloadCsv(
  links: readonly Link[],
  readOffer: () => Promise<ServiceOffer | undefined>,
) {
  const [{ linksToCsv }, offer] = await Promise.all([import('./links-csv.ts'), readOffer()]);
  const url = URL.createObjectURL(new Blob([linksToCsv(links, offer)], { type: 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'links.csv';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * The Links list's two toolbars: search, sort and short domain; then "Select all shown" and the
 * buttons (refresh, export, import, and "Delete selected" while some are).
 */
export function LinksToolbar({
  list,
  selection,
  searchBox,
  loading,
  partOf,
  onRefresh,
  onImport,
  onDelete,
  readOffer,
  bulkActions,
  bulk,
}: {
  list: LinksList;
  selection: LinkSelection;
  searchBox: RefObject<HTMLInputElement | null>;
  /** A refresh is under way. */
  loading: boolean;
  /** Set while only the first screen of the cached list is in (see ListSnapshot). */
  partOf: { total: number | undefined } | undefined;
  onRefresh: () => void;
  onImport: () => void;
  onDelete: (shortUrls: string[]) => void;
  /** What the account's service offers (the export's columns), read when not yet known. */
  readOffer: () => Promise<ServiceOffer | undefined>;
  /** The capabilities' own buttons on the selection ("Check selected"…). */
  bulkActions?: React.ReactNode;
  /** The selection's bulk edits (tags/use-bulk-edit.ts). */
  bulk: BulkEdit;
}) {
  const { selected } = selection;
  return (
    <>
      <div className="links-toolbar">
        <input
          ref={searchBox}
          type="search"
          aria-label={t('linksSearch')}
          placeholder={t('linksSearch')}
          value={list.query}
          onChange={(event) => list.setQuery(event.target.value)}
        />
        <label>
          <span className="visually-hidden">{t('linksSortBy')}</span>
          <select
            aria-label={t('linksSortBy')}
            value={list.sort}
            onChange={(event) => list.setSort(event.target.value as LinkSort)}
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
          value={list.host}
          onChange={(event) => list.setHost(event.target.value)}
        >
          <option value="">{t('linksAllDomains')}</option>
          {list.hosts.map((name) => (
            <option key={name} value={name} dir="ltr">
              {shortHostShown(name)}
            </option>
          ))}
        </select>
        {list.filters.length > 0 && (
          <select
            aria-label={t('linksShow')}
            value={list.show}
            onChange={(event) => list.setShow(event.target.value)}
          >
            <option value="">{t('linksShowAll')}</option>
            {list.filters.map(({ filter, text }) => (
              <option key={filter.id} value={filter.id}>
                {text}
              </option>
            ))}
          </select>
        )}
        <TagFilter filter={list.tags} />
      </div>
      <div className="links-toolbar">
        <SelectAll shown={list.shown} selected={selected} setSelected={selection.setSelected} />
        <button type="button" onClick={onRefresh} aria-disabled={loading}>
          {loading ? t('refreshing') : t('linksRefresh')}
        </button>
        {/* Not while only the first screen of the cached list is in (a moment at opening). */}
        <button
          type="button"
          onClick={() => partOf === undefined && downloadCsv(selection.toExport(), readOffer)}
          aria-disabled={partOf !== undefined}
        >
          {selected.size > 0 ? plural('linksExportSelected', selected.size) : t('linksExportCsv')}
        </button>
        <button type="button" onClick={onImport}>
          {t('linksImportButton')}
        </button>
        {bulkActions}
        <BulkButtons bulk={bulk} count={selected.size} />
        {selected.size > 0 && (
          <button type="button" className="danger" onClick={() => onDelete(selection.toDelete())}>
            {plural('linksDeleteSelected', selected.size)}
          </button>
        )}
      </div>
    </>
  );
}
