import { isApiError } from '../../lib/api/errors.ts';
import { t } from '../../lib/i18n/t.ts';
import {
  describeApiError,
  isFixedInSettings,
  isWorthRetrying,
} from '../../lib/wording/error-text.ts';

/**
 * A failure in words, with the action that helps: the settings, another try, or the browser's
 * permission prompt (`onAllowAccess` must ask for it at once: the prompt needs the click).
 */
export function ErrorNotice({
  error,
  onOpenSettings,
  onRetry,
  onAllowAccess,
}: {
  error: unknown;
  onOpenSettings: () => void;
  onRetry?: () => void;
  onAllowAccess?: () => void;
}) {
  const { message, advice } = describeApiError(error);
  return (
    <div className="notice error" role="alert">
      <p>{message}</p>
      {advice && advice !== message && <p>{advice}</p>}
      <div className="row">
        {onAllowAccess && isApiError(error) && error.kind === 'permission_missing' && (
          <button type="button" className="primary" onClick={onAllowAccess}>
            {t('allowAccess')}
          </button>
        )}
        {isFixedInSettings(error) && (
          <button type="button" onClick={onOpenSettings}>
            {t('openSettings')}
          </button>
        )}
        {onRetry && isWorthRetrying(error) && (
          <button type="button" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
      </div>
    </div>
  );
}
