// "Test connection" on the options page: one call to the service with the values in the form,
// and the sentence that tells the person what it found.

import { openAccount } from '../../../lib/account/account.ts';
import type { AccountRef } from '../../../lib/account/connection.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import type { Domain } from '../../../lib/api/schemas.ts';
import { describeApiError } from '../../../lib/error-text.ts';

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

function countDomains(count: number): string {
  if (count === 0) return 'no custom domains';
  return count === 1 ? '1 custom domain' : `${count} custom domains`;
}

export function describeConnectionTest(
  result: ConnectionTestResult,
  apiBaseUrl: string,
): ConnectionTestAnswer {
  if (result.ok) {
    return {
      tone: 'success',
      message: `Connected. The account has ${countDomains(result.domains.length)}.`,
    };
  }
  const { error } = result;
  const origin = URL.parse(apiBaseUrl)?.origin ?? apiBaseUrl;
  if (isApiError(error)) {
    // A 403 that is not about the plan is a key without this right, not a wrong key.
    if (error.kind === 'unauthorized' && error.status !== 403) {
      return {
        tone: 'error',
        message: 'The API key is wrong: the service refused it.',
        advice: 'Paste the whole key again, or get a new one from your short-link service account.',
      };
    }
    if (error.kind === 'paid_plan_required') {
      return {
        tone: 'error',
        message: 'The API key works, but the account is not on a paid plan.',
        advice:
          'The API is available only on paid plans. Upgrade the account, or use the key of a paid account.',
      };
    }
    if (error.kind === 'network') {
      return {
        tone: 'error',
        message: `The service at ${origin} could not be reached.`,
        advice: 'Check the API base URL, that the service is running, and that you are online.',
      };
    }
    if (error.kind === 'timeout') {
      return {
        tone: 'error',
        message: `The service at ${origin} did not answer in time.`,
        advice: 'Check the API base URL, or try again later.',
      };
    }
  }
  // This is the Connection section itself: the advice names no other place.
  return { tone: 'error', ...describeApiError(error, { settings: null }) };
}
