// "Save" on the options page's Connection form: the permission for the API origin, then the
// settings. A refusal or a failure leaves the stored settings as they were.

import { clearCaches } from '../../../lib/account/cache.ts';
import type { Connection } from '../../../lib/account/connection.ts';
import { loadSettings, type Settings, saveSettings } from '../../../lib/account/settings.ts';
import { ensureHostPermission } from '../../../lib/browser/host-permission.ts';

export type SaveConnectionResult =
  | { saved: true; settings: Settings }
  | { saved: false; refusedOrigin: string };

/** `values` come checked by checkConnectionForm; `permitted` is what the page knows already. */
export async function saveConnection(
  values: Connection,
  permitted: boolean | undefined,
): Promise<SaveConnectionResult> {
  if (!(await ensureHostPermission(values.apiBaseUrl, permitted))) {
    return { saved: false, refusedOrigin: new URL(values.apiBaseUrl).origin };
  }
  const previous = await loadSettings();
  if (previous.apiBaseUrl === values.apiBaseUrl && previous.apiKey === values.apiKey) {
    return { saved: true, settings: await saveSettings(values) };
  }
  // Another service or account: the cached links and domains, and the domain choices, belonged to
  // the old one.
  await clearCaches();
  return {
    saved: true,
    settings: await saveSettings({ ...values, defaultDomain: '', lastDomain: undefined }),
  };
}
