// "Test connection" on the options page: one call to the service with the values in the form,
// and the sentence that tells the person what it found.

import { openAccount } from '../../../lib/account/account.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import type { Domain } from '../../../lib/api/schemas.ts';
import { plural, t } from '../../../lib/i18n/t.ts';
import type { AccountRef } from '../../../lib/settings/connection.ts';
import { CONNECTION_TEST_TEXT, describeApiError } from '../../../lib/wording/error-text.ts';

export type ConnectionTestResult = { ok: true; domains: Domain[] } | { ok: false; error: unknown };

export type ConnectionTestAnswer = {
  tone: 'success' | 'error';
  message: string;
  advice?: string;
};

export async function testConnection(
  connection: AccountRef,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ConnectionTestResult> {
  try {
    // The account stores the domains it lists, so the Domains section has them at once.
    const domains = await openAccount(connection).refreshDomains({ signal });
    return { ok: true, domains };
  } catch (error) {
    return { ok: false, error };
  }
}

export function describeConnectionTest(
  result: ConnectionTestResult,
  apiBaseUrl: string,
): ConnectionTestAnswer {
  if (result.ok) {
    return {
      tone: 'success',
      message:
        result.domains.length === 0
          ? t('testConnectedNoDomains')
          : plural('testConnected', result.domains.length),
    };
  }
  const { error } = result;
  const origin = URL.parse(apiBaseUrl)?.origin ?? apiBaseUrl;
  // A 403 that is not about the plan is a key without this right, not a wrong key.
  const ownWords =
    isApiError(error) && !(error.kind === 'unauthorized' && error.status === 403)
      ? CONNECTION_TEST_TEXT[error.kind]
      : undefined;
  if (ownWords)
    return { tone: 'error', message: ownWords.message(origin), advice: ownWords.advice() };
  // This is the Accounts section itself: the advice names no other place.
  return { tone: 'error', ...describeApiError(error, { settings: 'here' }) };
}
