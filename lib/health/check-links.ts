// "Check selected": the service checks each chosen link's destination now, on the one bulk pool
// (lib/bulk/pool.ts: a few at a time, a 429 waited out). A link checked less than a minute ago is
// refused by our service with a 429 of its own (`checked_recently`): that link alone is skipped
// for this run, with the time it may be checked again, while the others go on; the pool waits out
// only the account's rate limit, which holds every link.

import { ErrorCode } from '../../contract/limits.ts';
import type { DestinationStatus } from '../../contract/link-health.ts';
import type { Account } from '../account/account.ts';
import { isApiError } from '../api/errors.ts';
import { runBulk } from '../bulk/pool.ts';
import { checkLinkNow } from './check-now.ts';

/** The wait when a `checked_recently` names none: the service's gap between two checks. */
const CHECK_GAP_MS = 60_000;

export type ChecksFound = {
  /** Links whose check answered. */
  checked: number;
  /** How many of them are in each state. */
  states: Record<DestinationStatus, number>;
  /** Links skipped, checked less than a minute ago (or being checked), and when all may be asked. */
  tooSoon: number;
  tooSoonUntil?: number;
  /** Links whose check failed, and the first failure (for its words). */
  failed: number;
  firstError?: unknown;
};

/** Whether the service refused this one link for now (checked too recently), not the account. */
export const isCheckedRecently = (error: unknown): boolean =>
  isApiError(error) && error.code === ErrorCode.checkedRecently;

export async function checkLinks(
  account: Account,
  shortUrls: readonly string[],
  { signal, now = Date.now }: { signal?: AbortSignal; now?: () => number } = {},
): Promise<ChecksFound> {
  const found: ChecksFound = {
    checked: 0,
    states: { ok: 0, redirected: 0, broken: 0, unreachable: 0, unchecked: 0 },
    tooSoon: 0,
    failed: 0,
  };
  const check = async (shortUrl: string) => {
    try {
      return { checkedAs: await checkLinkNow(account, shortUrl, { signal }) };
    } catch (error) {
      if (!isCheckedRecently(error)) throw error;
      const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
      const waitMs = seconds !== undefined && seconds >= 0 ? seconds * 1000 : CHECK_GAP_MS;
      return { checkedAs: undefined, tooSoonUntil: now() + waitMs };
    }
  };
  const results = await runBulk(shortUrls, check, { signal });
  for (const result of results) {
    if (!result) continue;
    if (!result.ok) {
      found.failed++;
      found.firstError ??= result.error;
    } else if (result.value.checkedAs) {
      const state = result.value.checkedAs.destinationStatus;
      found.checked++;
      if (state) found.states[state]++;
    } else if ('tooSoonUntil' in result.value) {
      found.tooSoon++;
      found.tooSoonUntil = Math.max(found.tooSoonUntil ?? 0, result.value.tooSoonUntil);
    }
  }
  return found;
}
