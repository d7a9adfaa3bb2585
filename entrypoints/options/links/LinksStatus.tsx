import type { ListSnapshot } from '../../../lib/account/snapshot.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { formatDate } from '../../../lib/i18n/format.ts';
import { t } from '../../../lib/i18n/t.ts';
import {
  describeApiError,
  isFixedInSettings,
  isWorthRetrying,
} from '../../../lib/wording/error-text.ts';
import { ACCOUNTS_SECTION } from '../accounts/AccountsSection.tsx';
import { DeletionStatuses } from './DeletionStatuses.tsx';
import type { DeletionNotice } from './use-link-deletions.ts';
import type { DeletionStatus } from './use-pending-deletions.ts';

/** When a list kept on this computer was read, as toLocaleString() writes it, in the UI language. */
const SAVED_AT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

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

/**
 * What the Links section reports under its toolbar: why the list could not be loaded (then the
 * older list it shows, if any), the deletions made on this page with their "Undo", and the
 * deletions that failed.
 */
export function LinksStatus({
  list,
  onRetry,
  deletionStatuses,
  onUndo,
  notice,
}: {
  list: ListSnapshot<Link[]>;
  onRetry: () => void;
  deletionStatuses: readonly DeletionStatus[];
  onUndo: (id: string) => void;
  notice: DeletionNotice | undefined;
}) {
  const { value: links, fetchedAt, loading, error } = list;
  const described = error ? describeApiError(error, ACCOUNTS_SECTION) : undefined;
  return (
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
          <RetryButton error={error} loading={loading} onRetry={onRetry} />
        </div>
      )}
      {described && !links && (
        <div className="notice error">
          {/* Sentences one after the other: the service's own message may hold a colon. */}
          <p>{t('linksCouldNotLoad', described.message)}</p>
          {described.advice !== described.message && <p>{described.advice}</p>}
          <SettingsLink error={error} />
          <RetryButton error={error} loading={loading} onRetry={onRetry} />
        </div>
      )}
      <DeletionStatuses statuses={deletionStatuses} onUndo={onUndo} />
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
  );
}
