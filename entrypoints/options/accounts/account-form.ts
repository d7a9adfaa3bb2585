// An account's form as typed, checked before it is saved or tested: what to store, or what to
// say on each field that is wrong.

import { t } from '../../../lib/i18n/t.ts';
import type { Connection } from '../../../lib/settings/connection.ts';
import { checkApiBaseUrl, cleanApiKey } from '../../../lib/settings/settings.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';

export type AccountFormValues = Connection & { name: string };
export type AccountProblems = Partial<Record<keyof AccountFormValues, string>>;

export const ACCOUNT_NAME_MAX_LENGTH = 60;

export function checkApiBaseUrlField(raw: string): { url: string } | { problem: string } {
  if (!raw.trim()) return { problem: t('apiBaseUrlEmpty') };
  const checked = checkApiBaseUrl(raw);
  // The client's sentence is English; the person reads it in their language.
  return 'url' in checked ? checked : { problem: describeApiError(checked.error).message };
}

export function checkApiKeyField(raw: string): { key: string } | { problem: string } {
  const key = cleanApiKey(raw);
  if (!key) return { problem: t('keyEmpty') };
  // The client refuses to send such a key; saying so here names the field at fault.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return { problem: t('keyCharacters') };
  }
  return { key };
}

/** A name is optional (the account then goes by its API's host), and short enough for a menu. */
export function checkAccountNameField(raw: string): { name: string } | { problem: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if ([...name].length > ACCOUNT_NAME_MAX_LENGTH) {
    return { problem: t('accountNameTooLong', ACCOUNT_NAME_MAX_LENGTH) };
  }
  return { name };
}

export function checkAccountForm(
  form: AccountFormValues,
): { values: AccountFormValues } | { problems: AccountProblems } {
  const name = checkAccountNameField(form.name);
  const baseUrl = checkApiBaseUrlField(form.apiBaseUrl);
  const key = checkApiKeyField(form.apiKey);
  if ('name' in name && 'url' in baseUrl && 'key' in key) {
    return { values: { name: name.name, apiBaseUrl: baseUrl.url, apiKey: key.key } };
  }
  return {
    problems: {
      ...('problem' in name && { name: name.problem }),
      ...('problem' in baseUrl && { apiBaseUrl: baseUrl.problem }),
      ...('problem' in key && { apiKey: key.problem }),
    },
  };
}
