import { describeApiError, isApiError } from '../lib/errors.ts';

const SETTINGS_KINDS = new Set(['unauthorized', 'paid_plan_required', 'invalid_base_url']);
const RETRY_KINDS = new Set([
  'network',
  'timeout',
  'rate_limited',
  'server_error',
  'unexpected_response',
]);

/** A failure in words, with the one action that helps: the settings, or another try. */
export function ErrorNotice({
  error,
  onOpenSettings,
  onRetry,
}: {
  error: unknown;
  onOpenSettings: () => void;
  onRetry?: () => void;
}) {
  const { message, advice } = describeApiError(error);
  const kind = isApiError(error) ? error.kind : 'unexpected_response';
  return (
    <div className="notice error" role="alert">
      <p>{message}</p>
      {advice && advice !== message && <p>{advice}</p>}
      <div className="row">
        {SETTINGS_KINDS.has(kind) && (
          <button type="button" onClick={onOpenSettings}>
            Open settings
          </button>
        )}
        {onRetry && RETRY_KINDS.has(kind) && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
