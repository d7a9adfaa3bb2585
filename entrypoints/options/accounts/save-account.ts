// "Save" on an account's form: the permission for its API origin, the key checked with the service,
// then the account. A refusal (of the permission, or of the key) leaves the stored settings as they
// were. Each account's key goes only to its own origin, so each origin is asked for when its
// account is saved.
import { clearCaches, writeCachedDomains } from '../../../lib/account/cache.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { ensureHostPermission } from '../../../lib/browser/host-permission.ts';
import { t } from '../../../lib/i18n/t.ts';
import { loadSettings, type Settings, saveAccount } from '../../../lib/settings/settings.ts';
import type { AccountFormValues } from './account-form.ts';
import { type ConnectionTestResult, testConnection } from './test-connection.ts';

export type SaveAccountResult =
  | { saved: true; settings: Settings; check: ConnectionTestResult }
  | { saved: false; refusedOrigin: string }
  | { saved: false; refusedKey: unknown };

export type SaveAccountOptions = {
  /** Keep the key though the service refuses it ("Save anyway"). */
  keepRefusedKey?: boolean;
  /** How the key is checked; the service's own answer unless a test says otherwise. */
  check?: typeof testConnection;
  /** The permission is there: the key is being checked. */
  onPermitted?: () => void;
};

/**
 * The service answered, and the answer is no: a wrong or revoked key, or an account without the
 * API. Any other failure (offline, service down, timeout) says nothing of the key.
 */
export const refusesKey = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'paid_plan_required');

/** `values` come checked by checkAccountForm; `permitted` is what the page knows already. */
export async function saveAccountForm(
  id: string,
  values: AccountFormValues,
  permitted: boolean | undefined,
  { keepRefusedKey = false, check = testConnection, onPermitted }: SaveAccountOptions = {},
): Promise<SaveAccountResult> {
  if (!(await ensureHostPermission(values.apiBaseUrl, permitted))) {
    return { saved: false, refusedOrigin: new URL(values.apiBaseUrl).origin };
  }
  onPermitted?.();
  const checked = await check({ id, ...values });
  if (!checked.ok && refusesKey(checked.error) && !keepRefusedKey) {
    return { saved: false, refusedKey: checked.error };
  }
  const previous = (await loadSettings()).accounts.find((account) => account.id === id);
  if (previous?.apiBaseUrl === values.apiBaseUrl && previous.apiKey === values.apiKey) {
    return { saved: true, settings: await saveAccount(id, values), check: checked };
  }
  // Another service or account: the cached links and domains, and the domain choices, belonged to
  // the old one.
  await clearCaches(id);
  const settings = await saveAccount(id, { ...values, defaultDomain: '', lastDomain: undefined });
  // The check listed the new account's domains: the Domains section has them at once.
  if (checked.ok) await writeCachedDomains({ id, ...values }, checked.domains).catch(() => {});
  return { saved: true, settings, check: checked };
}

export type SaveAnswer = {
  tone: 'success' | 'error' | 'note';
  message: string;
  advice?: string;
  /** The key was refused and not saved: the person may keep it all the same. */
  offerSaveAnyway?: boolean;
};

/** What "Save" found, in the words of "Test connection" (`describe`), as the status says it. */
export function describeSave(
  result: Exclude<SaveAccountResult, { refusedOrigin: string }>,
  describe: (check: ConnectionTestResult) => { message: string; advice?: string },
): SaveAnswer {
  if (!result.saved) {
    const { message, advice } = describe({ ok: false, error: result.refusedKey });
    return {
      tone: 'error',
      message: t('saveNotSavedBecause', message),
      advice,
      offerSaveAnyway: true,
    };
  }
  const { message, advice } = describe(result.check);
  if (result.check.ok) return { tone: 'success', message: t('saveSaved'), advice: message };
  if (refusesKey(result.check.error)) {
    return { tone: 'note', message: t('saveSavedAnyway', message), advice };
  }
  return { tone: 'note', message: t('saveSavedUnchecked', message), advice };
}
