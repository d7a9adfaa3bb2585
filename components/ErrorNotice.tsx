import {
  describeApiError,
  FIXED_IN_SETTINGS,
  isApiError,
  WORTH_RETRYING,
} from '../lib/api/errors.ts';

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
  const kind = isApiError(error) ? error.kind : 'unexpected_response';
  return (
    <div className="notice error" role="alert">
      <p>{message}</p>
      {advice && advice !== message && <p>{advice}</p>}
      <div className="row">
        {onAllowAccess && kind === 'permission_missing' && (
          <button type="button" className="primary" onClick={onAllowAccess}>
            Allow access
          </button>
        )}
        {FIXED_IN_SETTINGS.has(kind) && (
          <button type="button" onClick={onOpenSettings}>
            Open settings
          </button>
        )}
        {onRetry && WORTH_RETRYING.has(kind) && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
