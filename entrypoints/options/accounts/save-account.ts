// "Save" on an account's form: the permission for its API origin, then the account. A refusal or a
// failure leaves the stored settings as they were. Each account's key goes only to its own
// origin, so each origin is asked for when its account is saved.
import { clearCaches } from '../../../lib/account/cache.ts';
import { loadSettings, type Settings, saveAccount } from '../../../lib/account/settings.ts';
import { ensureHostPermission } from '../../../lib/browser/host-permission.ts';
import type { AccountFormValues } from './account-form.ts';

export type SaveAccountResult =
  | { saved: true; settings: Settings }
  | { saved: false; refusedOrigin: string };

/** `values` come checked by checkAccountForm; `permitted` is what the page knows already. */
export async function saveAccountForm(
  id: string,
  values: AccountFormValues,
  permitted: boolean | undefined,
): Promise<SaveAccountResult> {
  if (!(await ensureHostPermission(values.apiBaseUrl, permitted))) {
    return { saved: false, refusedOrigin: new URL(values.apiBaseUrl).origin };
  }
  const previous = (await loadSettings()).accounts.find((account) => account.id === id);
  if (previous?.apiBaseUrl === values.apiBaseUrl && previous.apiKey === values.apiKey) {
    return { saved: true, settings: await saveAccount(id, values) };
  }
  // Another service or account: the cached links and domains, and the domain choices, belonged to
  // the old one.
  await clearCaches(id);
  return {
    saved: true,
    settings: await saveAccount(id, { ...values, defaultDomain: '', lastDomain: undefined }),
  };
}
